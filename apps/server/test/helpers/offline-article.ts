import type { ArticleType, Platform, WritingStyle } from '@tianma/shared';
import type { ArticleBrief } from '../../src/generation/agents/types.js';
import { OfflineComposer } from '../../src/generation/composer/offline-composer.js';

export interface OfflineArticleOptions {
  type: ArticleType;
  length?: number;
  platform?: Platform;
  style?: WritingStyle;
  audience?: string;
}

/** A whole offline article, through the agent calls the pipeline makes (no material, no reference). */
export async function writeOffline(topic: string, options: OfflineArticleOptions) {
  const agents = new OfflineComposer();
  const brief: ArticleBrief = {
    topic,
    audience: options.audience ?? '消费体验派',
    articleType: options.type,
    style: options.style ?? 'accessible_easyread',
    platform: options.platform ?? 'wechat',
    length: options.length ?? 1500,
    industry: '不限',
    language: 'zh-CN',
    advanced: false,
    seoKeywords: [],
    variant: 'offline-article-test',
  };
  const analysis = await agents.analyzeTopic({ brief, materials: [] });
  const outline = await agents.outline({ brief, analysis, materials: [] });
  const sections = [];
  for (const index of outline.sections.keys()) sections.push(await agents.writeSection({ brief, outline, analysis, index, materials: [] }));
  const combined = await agents.combine({ brief, outline, sections });
  return { outline, text: combined.markdown };
}
