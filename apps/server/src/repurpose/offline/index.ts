import type { RepurposePlatform } from '@tianma/shared';
import type { SourceArticle } from '../source-article.js';
import { toToutiao } from './toutiao.js';
import type { RepurposeDraft } from './types.js';
import { toVideoScript } from './video-script.js';
import { toXiaohongshu } from './xiaohongshu.js';
import { toZhihu } from './zhihu.js';

export type { RepurposeDraft } from './types.js';

/**
 * 一稿多发 without a model (decision 075): the source's own sentences, chosen, compressed and
 * arranged in the platform's form. Pure and deterministic: the same source gives the same draft.
 */
export function repurposeOffline(platform: RepurposePlatform, source: SourceArticle, context: { topic?: string; keywords?: readonly string[] } = {}): RepurposeDraft {
  switch (platform) {
    case 'xiaohongshu':
      return toXiaohongshu(source, context);
    case 'zhihu':
      return toZhihu(source);
    case 'toutiao':
      return toToutiao(source);
    case 'video_script':
      return toVideoScript(source);
  }
}
