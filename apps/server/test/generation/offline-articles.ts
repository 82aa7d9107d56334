/**
 * Writes articles offline for a set of unrelated briefs and finds the sentences they share, for
 * the shared-sentence test and bench/shared-sentences.ts. Articles are read as the writing
 * evaluation reads them (evaluation/article-text.ts): the body's sentences of 10+ CJK characters,
 * each brief's topic words masked, so a frame filled with two topics counts as one sentence.
 */
import { AUDIENCES, type ArticleType, labelOf, type Platform, type WritingStyle } from '@tianma/shared';
import type { ArticleBrief, Material } from '../../src/generation/agents/types.js';
import { OfflineComposer } from '../../src/generation/composer/offline-composer.js';
import { extractTopicTerms } from '../../src/generation/composer/topic-terms.js';
import { normaliseSentence, readArticle, sentencesOf } from '../../src/generation/evaluation/article-text.js';
import { maskTopicWords } from '../../src/generation/evaluation/repetition.js';
import { parseTopic } from '../../src/topic/parse-topic.js';

export interface OfflineBrief {
  topic: string;
  platform: Platform;
  type: ArticleType;
  style: WritingStyle;
  length: number;
  audience?: string;
}

/** Unrelated requests over the three platforms and the six article types; none of them is in the eval's brief set. */
export const UNRELATED_BRIEFS: OfflineBrief[] = [
  { topic: '新手如何开始练瑜伽', platform: 'wechat', type: 'practical_guide', style: 'accessible_easyread', length: 1500, audience: 'worker' },
  { topic: '租房合同要注意哪些条款', platform: 'zhihu', type: 'practical_guide', style: 'professional_logical', length: 2000, audience: 'student' },
  { topic: '带父母去短途自驾游', platform: 'xiaohongshu', type: 'practical_guide', style: 'colloquial_fun', length: 700, audience: 'consumer' },
  { topic: '适合初学者的入门吉他', platform: 'xiaohongshu', type: 'recommendation_sharing', style: 'vivid_experience', length: 800, audience: 'enthusiast' },
  { topic: '家用空气净化器怎么选', platform: 'zhihu', type: 'recommendation_sharing', style: 'efficient_concise', length: 1800, audience: 'consumer' },
  { topic: '值得一读的历史普及读物', platform: 'wechat', type: 'recommendation_sharing', style: 'sincere_narrative', length: 1600, audience: 'student' },
  { topic: '外婆家的老院子', platform: 'wechat', type: 'experience_story_essay', style: 'vivid_experience', length: 1400, audience: 'enthusiast' },
  { topic: '深夜加班后打车回家', platform: 'xiaohongshu', type: 'experience_story_essay', style: 'sincere_narrative', length: 800, audience: 'worker' },
  { topic: '第一次学做红烧肉', platform: 'zhihu', type: 'experience_story_essay', style: 'colloquial_fun', length: 1500, audience: 'consumer' },
  { topic: '为什么年轻人开始爱逛菜市场', platform: 'zhihu', type: 'analysis_commentary_opinion', style: 'professional_logical', length: 2200, audience: 'worker' },
  { topic: '大学生该不该考研', platform: 'wechat', type: 'analysis_commentary_opinion', style: 'authoritative_expert', length: 2500, audience: 'student' },
  { topic: '短视频对阅读习惯的影响', platform: 'xiaohongshu', type: 'analysis_commentary_opinion', style: 'accessible_easyread', length: 900, audience: 'student' },
  { topic: '5G网络切片是什么', platform: 'wechat', type: 'tech_interpretation', style: 'accessible_easyread', length: 1800, audience: 'enthusiast' },
  { topic: '固态硬盘的寿命有多长', platform: 'zhihu', type: 'tech_interpretation', style: 'authoritative_expert', length: 2000, audience: 'enthusiast' },
  { topic: '家用光伏发电的原理', platform: 'xiaohongshu', type: 'tech_interpretation', style: 'efficient_concise', length: 800, audience: 'consumer' },
  { topic: '宠物医疗行业现状', platform: 'wechat', type: 'industry_analysis', style: 'professional_logical', length: 3000, audience: 'customer' },
  { topic: '咖啡连锁品牌下沉市场竞争', platform: 'zhihu', type: 'industry_analysis', style: 'efficient_concise', length: 2500, audience: 'worker' },
  { topic: '二手奢侈品回收市场', platform: 'xiaohongshu', type: 'industry_analysis', style: 'vivid_experience', length: 900, audience: 'customer' },
  { topic: '一周工作总结', platform: 'wechat', type: 'practical_guide', style: 'efficient_concise', length: 1200, audience: 'worker' },
];

export function briefOf(b: OfflineBrief, variant?: string): ArticleBrief {
  return {
    topic: b.topic,
    audience: labelOf(AUDIENCES, b.audience ?? 'worker') ?? '职场打工人',
    articleType: b.type,
    style: b.style,
    platform: b.platform,
    length: b.length,
    industry: '不限',
    language: 'zh-CN',
    advanced: false,
    seoKeywords: [],
    ...(variant ? { variant } : {}),
  };
}

/** The whole offline pipeline for one brief: analysis, outline, sections, combination. */
export async function writeOffline(brief: ArticleBrief, materials: Material[] = []): Promise<{ title: string; markdown: string }> {
  const agents = new OfflineComposer();
  const analysis = await agents.analyzeTopic({ brief, materials });
  const outline = await agents.outline({ brief, analysis, materials });
  const sections = [];
  for (const index of outline.sections.keys()) sections.push(await agents.writeSection({ brief, outline, analysis, index, materials }));
  const combined = await agents.combine({ brief, outline, sections });
  return { title: combined.title, markdown: combined.markdown };
}

/** The words masked before two articles' sentences are compared: the parsed subject, its key terms and the composer's terms. */
export function topicWordsOf(topic: string): string[] {
  const parsed = parseTopic(topic);
  return [...new Set([parsed.subject, ...parsed.keyTerms, ...extractTopicTerms(topic).terms])];
}

export interface SharedSentence {
  sentence: string;
  /** Indexes of the articles it occurs in. */
  articles: number[];
}

/** The masked sentences that occur in at least `minArticles` of the articles, most widely shared first. */
export function sharedSentences(articles: { markdown: string; topic: string }[], minArticles = 3): SharedSentence[] {
  const owners = new Map<string, Set<number>>();
  articles.forEach((article, i) => {
    const words = topicWordsOf(article.topic);
    for (const sentence of sentencesOf(readArticle(article.markdown).body)) {
      const key = normaliseSentence(maskTopicWords(sentence, words));
      const set = owners.get(key) ?? new Set<number>();
      set.add(i);
      owners.set(key, set);
    }
  });
  return [...owners]
    .filter(([, set]) => set.size >= minArticles)
    .map(([sentence, set]) => ({ sentence, articles: [...set].sort((a, b) => a - b) }))
    .sort((a, b) => b.articles.length - a.articles.length || a.sentence.localeCompare(b.sentence));
}
