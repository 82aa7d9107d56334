/**
 * Every cache key of the app's server state, in one place, so that a mutation invalidates what
 * it changed by naming it here (e.g. a finished article: articles and the balance on the session).
 * Add a key beside its family; a family's prefix invalidates all its members.
 */
export const queryKeys = {
  /** The signed-in user (or none): /api/account/session. */
  session: ['session'] as const,
  caseArticles: ['case-articles'] as const,
  articles: {
    all: ['articles'] as const,
    list: (page: number, pageSize: number) => ['articles', 'list', page, pageSize] as const,
    text: (id: string) => ['articles', 'text', id] as const,
  },
  sharedArticle: (id: string) => ['shared-article', id] as const,
  billing: {
    all: ['billing'] as const,
  },
  payOrder: (id: string) => ['pay-order', id] as const,
  quote: (request: unknown) => ['quote', request] as const,
  topicReading: (request: unknown) => ['topic-reading', request] as const,
  systemStatus: ['system-status'] as const,
} as const;
