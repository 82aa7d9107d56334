import { randomBytes } from 'node:crypto';
import type { WechatAccount } from '@tianma/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { AccountApi, type AccountTokenDeps, forgetAccountTokens } from './account-tokens.js';
import type { SecretBox } from './secret-box.js';
import { type WechatAccountRow, wechatAccounts } from './tables.js';

export interface AccountStoreDeps extends AccountTokenDeps {
  box: SecretBox;
}

export interface BindInput {
  userId: number;
  appId: string;
  appSecret: string;
  name?: string | null;
}

const toAccount = (row: Pick<WechatAccountRow, 'id' | 'appId' | 'name'>): WechatAccount => ({ accountId: row.id, appId: row.appId, name: row.name });

/**
 * Binds an official account: a token and a draft-rights call first (MpApiError when WeChat says
 * no, and then nothing is stored), then one row per user and AppID, the secret sealed.
 */
export async function bindAccount(deps: AccountStoreDeps, input: BindInput): Promise<WechatAccount> {
  const [existing] = await deps.db
    .select()
    .from(wechatAccounts)
    .where(and(eq(wechatAccounts.userId, input.userId), eq(wechatAccounts.appId, input.appId)))
    .limit(1);
  const accountId = existing?.id ?? `wxa_${randomBytes(12).toString('hex')}`;
  // A token fetched with another secret proves nothing about this one.
  if (!existing || !sameSecret(deps.box, existing, input.appSecret)) await forgetAccountTokens(deps.credentials, [accountId]);
  try {
    const api = new AccountApi(deps, { accountId, appId: input.appId, appSecret: input.appSecret });
    await api.withToken((token) => api.client.draftCount(token));
  } catch (error) {
    if (!existing) await forgetAccountTokens(deps.credentials, [accountId]);
    throw error;
  }
  const name = input.name || existing?.name || input.appId;
  const secretCiphertext = deps.box.seal(input.appSecret, input.appId);
  const [row] = await deps.db
    .insert(wechatAccounts)
    .values({ id: accountId, userId: input.userId, appId: input.appId, name, secretCiphertext })
    .onConflictDoUpdate({ target: [wechatAccounts.userId, wechatAccounts.appId], set: { name, secretCiphertext } })
    .returning({ id: wechatAccounts.id, appId: wechatAccounts.appId, name: wechatAccounts.name });
  // Two binds of a new AppID at once: the first row stays, the other token is dropped.
  if (row!.id !== accountId) await forgetAccountTokens(deps.credentials, [accountId]);
  return toAccount(row!);
}

function sameSecret(box: SecretBox, row: WechatAccountRow, secret: string): boolean {
  try {
    return box.open(row.secretCiphertext, row.appId) === secret;
  } catch {
    return false;
  }
}

export async function listAccounts(db: Db, userId: number): Promise<WechatAccount[]> {
  const rows = await db
    .select({ id: wechatAccounts.id, appId: wechatAccounts.appId, name: wechatAccounts.name })
    .from(wechatAccounts)
    .where(eq(wechatAccounts.userId, userId))
    .orderBy(asc(wechatAccounts.createdAt), asc(wechatAccounts.id));
  return rows.map(toAccount);
}

/** false when the user has no such account (another user's included). */
export async function deleteAccount(deps: Pick<AccountStoreDeps, 'db' | 'credentials'>, userId: number, accountId: string): Promise<boolean> {
  const gone = await deps.db
    .delete(wechatAccounts)
    .where(and(eq(wechatAccounts.id, accountId), eq(wechatAccounts.userId, userId)))
    .returning({ id: wechatAccounts.id });
  if (gone.length === 0) return false;
  await forgetAccountTokens(deps.credentials, [accountId]);
  return true;
}
