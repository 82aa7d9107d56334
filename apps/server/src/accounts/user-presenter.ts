import { isProUser, type User } from '@tianma/shared';
import type { UserRow } from './tables.js';

/** Public URL of a stored file (served by the media route). */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

/** The `user` object of API.md. The password hash, phone and internal id never leave. */
export function presentUser(row: UserRow, now = new Date()): User {
  const subscriptionExpiry = row.subscriptionExpiry?.toISOString();
  const pro = isProUser({ level: row.level, subscriptionExpiry }, now);
  return {
    username: row.username,
    ...(row.avatarKey ? { avatar: mediaUrl(row.avatarKey) } : {}),
    ...(row.email ? { email: row.email } : {}),
    userType: pro ? 'pro' : 'basic',
    ...(row.role === 'operator' ? { role: 'operator' as const } : {}),
    deepspaceId: row.deepspaceId,
    userAuth: {
      level: row.level,
      ...(subscriptionExpiry ? { subscriptionExpiry } : {}),
      coinBalance: row.coinBalance,
    },
  };
}
