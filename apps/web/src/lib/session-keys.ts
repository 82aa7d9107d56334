/**
 * The cache keys the session's keeper needs (AuthProvider, in the entry chunk every page loads):
 * the session itself and the families read for the signed-in user. query-keys.ts builds its whole
 * table on these, so they are written once; the table itself stays out of the entry.
 */
export const SESSION_KEY = ['session'] as const;
export const ARTICLES_KEY = ['articles'] as const;
export const BILLING_KEY = ['billing'] as const;
export const QUOTES_KEY = ['quote'] as const;
export const WECHAT_ACCOUNTS_KEY = ['wechat-accounts'] as const;

/**
 * What was read for the signed-in user: dropped at sign-out (and when another account's session
 * replaces it), so that the next user never sees the previous one's data.
 */
export const USER_SCOPED_KEYS = [ARTICLES_KEY, BILLING_KEY, QUOTES_KEY, WECHAT_ACCOUNTS_KEY] as const;
