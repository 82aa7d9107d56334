import { deai } from './deai.js';
import { normalize } from './normalize.js';
import { shorten } from './shorten.js';
import { summarize } from './summary.js';
import { titleCandidates } from './titles.js';

/**
 * The editing actions that need no model (issue 18): only what rules and extraction can do
 * honestly. 润色, 扩写, 改写, 续写 and 换语气 need a model and are not here. Pure and
 * deterministic: no I/O, no randomness, the same output for the same input.
 */

export type OfflineAction = 'shorten' | 'deai' | 'normalize' | 'titles' | 'summary';

export const OFFLINE_ACTIONS: readonly OfflineAction[] = ['shorten', 'deai', 'normalize', 'titles', 'summary'];

export interface OfflineContext {
  platform: 'wechat' | 'xiaohongshu' | 'zhihu' | string;
  topic?: string | null;
  title?: string | null;
  /** The whole article (titles and summary read it; the selection is used when it is missing). */
  articleText?: string;
}

/** Returns the rewritten selection (for titles: five titles, one per line; for summary: one paragraph) — deterministic for the same input. */
export function runOfflineAction(action: OfflineAction, selection: string, context: OfflineContext): string {
  const article = context.articleText?.trim() ? context.articleText : selection;
  switch (action) {
    case 'shorten':
      return shorten(selection);
    case 'deai':
      return deai(selection);
    case 'normalize':
      return normalize(selection);
    case 'titles':
      return titleCandidates({ article, platform: context.platform, topic: context.topic ?? null, title: context.title ?? null }).join('\n');
    case 'summary':
      return summarize(article);
  }
}
