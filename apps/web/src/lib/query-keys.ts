import { ARTICLES_KEY, BILLING_KEY, QUOTES_KEY, SESSION_KEY, USER_SCOPED_KEYS, WECHAT_ACCOUNTS_KEY } from './session-keys';

/**
 * Every cache key of the app's server state, in one place, so that a mutation invalidates what
 * it changed by naming it here (e.g. a finished article: articles and the balance on the session).
 * Add a key beside its family; a family's prefix invalidates all its members.
 */
export const queryKeys = {
  /** The signed-in user (or none): /api/account/session. */
  session: SESSION_KEY,
  caseArticles: ['case-articles'] as const,
  /** One showcase article of the home page (public). */
  caseArticle: (articleId: string) => ['case-articles', articleId] as const,
  articles: {
    all: ARTICLES_KEY,
    list: (page: number, pageSize: number) => ['articles', 'list', page, pageSize] as const,
    /** The pages of a user's list loaded so far (加载更多), as one infinite query… */
    pages: (deepspaceId: number) => ['articles', 'pages', deepspaceId] as const,
    /** …and of every user's: what a change to one article edits in place. */
    allPages: ['articles', 'pages'] as const,
    text: (id: string) => ['articles', 'text', id] as const,
    /** The editor's AI actions for one article, with availability and price. */
    revisionActions: (id: string) => ['articles', 'revision-actions', id] as const,
    /** An article's versions, newest first (the editor's 历史版本)… */
    versions: (id: string) => ['articles', 'versions', id] as const,
    /** …and one version's markdown, which never changes once written. */
    version: (id: string, versionId: string) => ['articles', 'versions', id, versionId] as const,
  },
  sharedArticle: (id: string) => ['shared-article', id] as const,
  billing: {
    all: BILLING_KEY,
    /** The signed-in user's orders and coin ledger (profile page). */
    history: ['billing', 'history'] as const,
  },
  /** The official accounts (公众号) the signed-in user has bound (profile page). */
  wechatAccounts: WECHAT_ACCOUNTS_KEY,
  payOrder: (id: string) => ['pay-order', id] as const,
  /** Every quote (price and balance), whatever the request: what a run starting or ending invalidates. */
  quotes: QUOTES_KEY,
  quote: (request: unknown) => ['quote', request] as const,
  topicReading: (request: unknown) => ['topic-reading', request] as const,
  systemStatus: ['system-status'] as const,
  /** Pictures for a paragraph of an article (the editor's 为本段配图); the family is what an upload invalidates. */
  pictures: {
    all: ['pictures'] as const,
    search: (articleId: string, text: string) => ['pictures', articleId, text] as const,
  },
} as const;

/** See session-keys.ts. */
export const userScopedKeys = USER_SCOPED_KEYS;
