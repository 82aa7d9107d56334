export interface UserAuth {
  level: number;
  subscriptionExpiry?: string | null;
  coinBalance: number;
}

/**
 * Pro when the level is above 0 and, if an expiry is set, it lies in the future. The server
 * decides this; the client uses the same rule only to shape the UI.
 */
export function isProUser(auth: Pick<UserAuth, 'level' | 'subscriptionExpiry'> | undefined, now = new Date()): boolean {
  if (!auth || !(auth.level > 0)) return false;
  if (!auth.subscriptionExpiry) return true;
  const expiry = Date.parse(auth.subscriptionExpiry);
  return Number.isFinite(expiry) && expiry > now.getTime();
}
