import type {
  Agents,
  ArticleBrief,
  CombinedArticle,
  ImagePlan,
  Material,
  Outline,
  SectionDraft,
  SectionWritingInput,
  SeoResult,
  StyleProfile,
  TopicAnalysis,
} from '../agents/types.js';
import { combineSections, withoutRepeatedSentences } from './article-combiner.js';
import { planImagesOffline } from './image-planner.js';
import { buildOutline } from './outline-builder.js';
import { writeSectionDraft } from './section-writer.js';
import { optimizeSeoOffline } from './seo-optimizer.js';
import { extractStyleOffline } from './style-profile.js';
import { styleTarget } from './style-targets.js';
import { transformTowardStyle } from './style-transform.js';
import { analyzeTopicOffline } from './topic-analysis.js';

/**
 * The writing agents without a model: phrase banks per article type, style and platform, chosen
 * by a PRNG seeded from the topic, the settings and the task (the brief's `variant`): a task always
 * writes the same article (a resumed one too), a regeneration of the same brief a different one.
 * Lengths are fitted to the outline's budgets. It never claims to be a model: the pipeline
 * labels its articles as written offline (writtenBy 'offline').
 */
export class OfflineComposer implements Agents {
  readonly writtenBy = 'offline';
  readonly offline = true;

  async analyzeTopic(input: { brief: ArticleBrief; materials: Material[] }): Promise<TopicAnalysis> {
    return analyzeTopicOffline(input.brief, input.materials);
  }

  async extractStyle(input: { brief: ArticleBrief; referenceText: string }): Promise<StyleProfile> {
    return extractStyleOffline(input.brief, input.referenceText);
  }

  async outline(input: { brief: ArticleBrief; analysis: TopicAnalysis; materials: Material[]; style?: StyleProfile }): Promise<Outline> {
    return buildOutline(input);
  }

  async writeSection(input: SectionWritingInput): Promise<SectionDraft> {
    return writeSectionDraft(input);
  }

  async planImages(input: { brief: ArticleBrief; outline: Outline }): Promise<ImagePlan[]> {
    return planImagesOffline(input.brief, input.outline);
  }

  async combine(input: { brief: ArticleBrief; outline: Outline; sections: SectionDraft[]; style?: StyleProfile }): Promise<CombinedArticle> {
    const combined = combineSections(input.brief, input.outline, input.sections);
    // The draft is moved toward the reference's measured profile, or else its style's (style-targets.ts).
    const target = input.style?.measured ?? styleTarget(input.brief.style, combined.markdown, input.brief.articleType);
    return { ...combined, markdown: withoutRepeatedSentences(transformTowardStyle(combined.markdown, target)) };
  }

  async optimizeSeo(input: { brief: ArticleBrief; article: CombinedArticle; keywords: string[] }): Promise<SeoResult> {
    return optimizeSeoOffline(input.brief, input.article, input.keywords);
  }
}
