import { randomBytes } from 'node:crypto';
import { DEFAULT_WECHAT_THEME, type WechatPublication, type WechatPublishState, type WechatThemeId } from '@tianma/shared';
import { and, eq } from 'drizzle-orm';
import type { ArticleRow } from '../../articles/tables.js';
import { readStoredImageBytes } from '../../exports/article-images.js';
import type { Db } from '../../platform/db/index.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import { AccountApi, type AccountTokenDeps } from './account-tokens.js';
import { MpApiError } from './mp-api-client.js';
import { type DraftOptions, prepareDraft } from './prepare-draft.js';
import type { SecretBox } from './secret-box.js';
import { type WechatPublicationRow, wechatAccounts, wechatPublications } from './tables.js';

/*
 * Publishing an article into a bound account's draft box, synchronously for now (decision 074):
 * the draft prepared (limits first, then uploads), draft/add, and a row in wechat_publications
 * that says only what WeChat confirmed: draft_created with the draft's media_id, or failed with
 * the Chinese message of WeChat's errcode.
 */

export interface PublishDeps extends AccountTokenDeps {
  box: SecretBox;
  storage: ObjectStorage;
  publicUrl: string;
}

export interface PublishInput {
  userId: number;
  article: ArticleRow;
  accountId: string;
  theme?: WechatThemeId | null;
  author?: string | null;
  digest?: string | null;
}

export interface PublishOutcome {
  publication: WechatPublication;
  /** WeChat's failure, when there was one (for the log and the status). */
  error?: MpApiError;
  notes: string[];
}

export const toPublication = (row: Pick<WechatPublicationRow, 'id' | 'state' | 'mediaId' | 'message'>): WechatPublication => ({
  publishId: row.id,
  state: row.state as WechatPublishState,
  ...(row.mediaId ? { mediaId: row.mediaId } : {}),
  ...(row.message ? { message: row.message } : {}),
});

/** The user's own account with its secret opened, or null (none, another user's, unreadable). */
export async function loadOwnAccount(deps: PublishDeps, userId: number, accountId: string) {
  const [row] = await deps.db
    .select()
    .from(wechatAccounts)
    .where(and(eq(wechatAccounts.id, accountId), eq(wechatAccounts.userId, userId)))
    .limit(1);
  if (!row) return null;
  try {
    return { accountId: row.id, appId: row.appId, appSecret: deps.box.open(row.secretCiphertext, row.appId) };
  } catch {
    return null;
  }
}

/**
 * Prepares and sends the draft. A DraftInputError (limits, cover, a picture) is thrown before
 * anything is uploaded or stored; WeChat's refusals are stored as a failed publication.
 */
export async function publishToDraftBox(deps: PublishDeps, account: { accountId: string; appId: string; appSecret: string }, input: PublishInput): Promise<PublishOutcome> {
  const theme = input.theme ?? DEFAULT_WECHAT_THEME;
  const api = new AccountApi(deps, account);
  const source = {
    title: input.article.title,
    markdown: input.article.content,
    coverUrl: input.article.imageUrl,
    authorName: input.article.authorName,
    summary: input.article.summary,
  };
  const options: DraftOptions = { theme, publicUrl: deps.publicUrl, author: input.author ?? undefined, digest: input.digest ?? undefined };
  const id = `wxp_${randomBytes(12).toString('hex')}`;
  const base = { id, userId: input.userId, articleId: input.article.articleId, accountId: account.accountId, theme };
  let notes: string[] = [];
  try {
    const prepared = await prepareDraft(source, options, {
      read: (key) => readStoredImageBytes(deps.storage, key),
      uploadImage: (file) => api.withToken((token) => api.client.uploadImage(token, file)),
      addMaterial: (file) => api.withToken((token) => api.client.addImageMaterial(token, file)),
    });
    notes = prepared.notes;
    const mediaId = await api.withToken((token) => api.client.addDraft(token, prepared.article));
    const message = notes.length > 0 ? notes.join('\n') : null;
    const [row] = await deps.db.insert(wechatPublications).values({ ...base, state: 'draft_created', mediaId, message }).returning();
    return { publication: toPublication(row!), notes };
  } catch (error) {
    if (!(error instanceof MpApiError)) throw error;
    const [row] = await deps.db.insert(wechatPublications).values({ ...base, state: 'failed', message: error.userMessage }).returning();
    return { publication: toPublication(row!), error, notes };
  }
}

export async function findOwnPublication(db: Db, userId: number, publishId: string): Promise<WechatPublicationRow | undefined> {
  const [row] = await db
    .select()
    .from(wechatPublications)
    .where(and(eq(wechatPublications.id, publishId), eq(wechatPublications.userId, userId)))
    .limit(1);
  return row;
}
