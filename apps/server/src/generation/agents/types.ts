/**
 * What the pipeline's agents take and give. Two implementations exist: the LLM-backed agents
 * (prompts over the LLM port) and the offline composer (deterministic, no model). The pipeline
 * calls whichever is configured and never knows the difference.
 */
import type { ArticleType, Platform, WritingStyle } from '@tianma/shared';
import type { MeasuredStyle } from '../style/style-metrics.js';

/** Everything about the requested article, normalised (custom audience and industry resolved). */
export interface ArticleBrief {
  topic: string;
  /** The audience as words a writer can use (e.g. 职场打工人, or the user's own text). */
  audience: string;
  articleType: ArticleType;
  style: WritingStyle;
  platform: Platform;
  /** Target length in CJK characters (Latin words count one). */
  length: number;
  /** 不限 or the industry in words. */
  industry: string;
  language: 'zh-CN';
  advanced: boolean;
  seoKeywords: string[];
  /**
   * Varies the offline writer's choices per task (the task id, fixed when the task is created, so a
   * resumed task writes the same way): a regeneration of the same brief is a different article.
   * Absent in briefs stored before it existed.
   */
  variant?: string;
}

/** A piece of grounding material: a search result or a knowledge-base chunk. */
export interface Material {
  id: string;
  source: 'web' | 'knowledge';
  title: string;
  url?: string;
  /** Plain text, already trimmed to a reasonable size. */
  content: string;
  /** Where in its file a knowledge-base passage is: 「第 3 段 · 报告 > 会员」. */
  position?: string;
}

export interface TopicAnalysis {
  /** The article's angle in one sentence. */
  angle: string;
  audienceNeeds: string[];
  keyQuestions: string[];
  /** Queries for web search and retrieval. */
  searchQueries: string[];
}

export interface StyleProfile {
  tone: string;
  sentenceLength: string;
  structure: string;
  hooks: string;
  vocabulary: string[];
  /**
   * The reference measured (style/style-metrics.ts) and two short excerpts of it, on both paths;
   * absent in profiles saved before they existed.
   */
  measured?: MeasuredStyle;
  excerpts?: string[];
}

export interface OutlineSection {
  heading: string;
  keyPoints: string[];
  /** 字数 budget; the budgets of an outline sum to the target length. */
  budget: number;
  role: 'introduction' | 'body' | 'conclusion';
}

export interface Outline {
  title: string;
  sections: OutlineSection[];
}

/** A section as written; `[n]` markers refer to `sources` (numbered per section, from 1). */
export interface SectionDraft {
  index: number;
  heading: string;
  markdown: string;
  sources: Material[];
}

export interface ImagePlan {
  /** -1 for the cover, else the section the image follows. */
  sectionIndex: number;
  prompt: string;
  caption: string;
}

export interface CombinedArticle {
  title: string;
  markdown: string;
}

export interface SeoResult {
  title: string;
  markdown: string;
  keywords: string[];
}

export interface SectionWritingInput {
  brief: ArticleBrief;
  outline: Outline;
  analysis: TopicAnalysis;
  index: number;
  /** Material for this section, numbered [1]..[n] in this order. */
  materials: Material[];
  style?: StyleProfile;
  /** One-line gists of the neighbouring sections, so the writer neither repeats nor concludes early. */
  previousGist?: string;
  nextGist?: string;
  /** The section's text so far while a model streams it (each call the whole text, longer). */
  onText?: (text: string) => void;
}

export interface Agents {
  /** 'offline' for the composer; the model name otherwise. Stored with the article. */
  readonly writtenBy: string;
  readonly offline: boolean;
  analyzeTopic(input: { brief: ArticleBrief; materials: Material[] }): Promise<TopicAnalysis>;
  extractStyle(input: { brief: ArticleBrief; referenceText: string }): Promise<StyleProfile>;
  outline(input: { brief: ArticleBrief; analysis: TopicAnalysis; materials: Material[]; style?: StyleProfile }): Promise<Outline>;
  writeSection(input: SectionWritingInput): Promise<SectionDraft>;
  planImages(input: { brief: ArticleBrief; outline: Outline }): Promise<ImagePlan[]>;
  /** The continuity pass: transitions, no repetition, one introduction and one conclusion. */
  combine(input: { brief: ArticleBrief; outline: Outline; sections: SectionDraft[]; style?: StyleProfile }): Promise<CombinedArticle>;
  /** `outline`, when given, goes into the model prompt's stable prefix (shared with the other calls of the task). */
  optimizeSeo(input: { brief: ArticleBrief; outline?: Outline; article: CombinedArticle; keywords: string[]; style?: StyleProfile }): Promise<SeoResult>;
}
