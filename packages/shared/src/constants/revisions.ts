import type { WritingStyle } from './options.js';

/**
 * The editor's AI actions (issue 18; API.md "revisions"): their labels, which ones can be done
 * honestly without a model, and their price. One table for the server, the editor's menu and the
 * pricing page (decision 061).
 */
export const REVISION_ACTIONS = ['polish', 'expand', 'shorten', 'rewrite', 'continue', 'tone', 'deai', 'normalize', 'titles', 'summary'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

export const REVISION_LABELS: Record<RevisionAction, string> = {
  polish: '润色',
  expand: '扩写',
  shorten: '缩写',
  rewrite: '改写',
  continue: '续写',
  tone: '换语气',
  deai: '去AI味',
  normalize: '标点规范',
  titles: '标题候选',
  summary: '摘要',
};

/** Actions on the whole article rather than on a selection. */
export const WHOLE_ARTICLE_ACTIONS: readonly RevisionAction[] = ['titles', 'summary'];

/**
 * What the server does without a model, by rules it can stand behind: extractive compression and
 * summary, the stock-phrase rules, punctuation and format, titles from the article's own parts.
 */
export const OFFLINE_REVISION_ACTIONS: readonly RevisionAction[] = ['shorten', 'deai', 'normalize', 'titles', 'summary'];

/** Always done by rules, model or not: nothing to gain from a model, so never charged. */
export const RULE_ONLY_REVISION_ACTIONS: readonly RevisionAction[] = ['normalize'];

/** Shown on a model-only action when no model is configured. */
export const MODEL_REQUIRED_TEXT = '需要配置大模型';
export const MODEL_REQUIRED_CODE = 'model_required';

/** The price of a model's action: 1 coin per this many characters it writes (at least 1 coin). */
export const REVISION_CHARS_PER_COIN = 100;

/** The longest selection an action takes, and the longest article for titles and summary. */
export const REVISION_MAX_SELECTION_CHARS = 3000;
export const REVISION_MAX_ARTICLE_CHARS = 30_000;
/** The text around a selection that a prompt carries, on each side. */
export const REVISION_CONTEXT_CHARS = 1200;
/** Actions one user may start per minute. */
export const REVISION_PER_MINUTE = 20;

/** Coins for `chars` characters a model wrote: 0 for none, else 1 per 100 begun. */
export function revisionCost(chars: number): number {
  if (!Number.isFinite(chars) || chars <= 0) return 0;
  return Math.ceil(chars / REVISION_CHARS_PER_COIN);
}

/**
 * The most characters an action may write for a selection of `chars`: what is reserved before the
 * call (the model is told to stay within it, and the stream is cut there). Titles and summary
 * write a few lines whatever the article's length; 续写 about a paragraph or two.
 */
export function revisionOutputLimit(action: RevisionAction, chars: number): number {
  switch (action) {
    case 'titles':
    case 'summary':
      return 300;
    case 'continue':
      return 600;
    case 'expand':
      return Math.max(200, Math.ceil(chars * 2.5));
    case 'shorten':
      return Math.max(60, Math.ceil(chars * 0.8));
    default:
      return Math.max(100, Math.ceil(chars * 1.5));
  }
}

/** The coins held before an action on `chars` selected characters: the price of its output limit. */
export function revisionReserve(action: RevisionAction, chars: number): number {
  return revisionCost(revisionOutputLimit(action, chars));
}

/** The styles 换语气 offers: the spec's writing styles. */
export type RevisionToneStyle = WritingStyle;
