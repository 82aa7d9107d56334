import { randomBytes } from 'node:crypto';
import type { WechatPublication, WechatPublishState, WechatThemeId } from '@tianma/shared';
import { and, eq } from 'drizzle-orm';
import type { ArticleRow } from '../../articles/tables.js';
import { readStoredImageBytes } from '../../exports/article-images.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import { AccountApi, type AccountTokenDeps } from './account-tokens.js';
import { RETRY_LATER_ERRCODES } from './errcodes.js';
import { MpApiError } from './mp-api-client.js';
import { type DraftOptions, type DraftSource, prepareDraft } from './prepare-draft.js';
import { toPublication } from './publications.js';
import type { SecretBox } from './secret-box.js';
import { type WechatPublicationRow, wechatAccounts, wechatPublications } from './tables.js';

/*
 * Publishing an article into a bound account's draft box, in the request or, scheduled, as a queued job (decisions 074, 076):
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
  theme: WechatThemeId;
  author?: string | null;
  digest?: string | null;
  /** Submit with freepublish once the draft is made. */
  submit?: boolean;
  /** A queued publication (scheduled) to update instead of inserting a new row. */
  publicationId?: string;
  /**
   * A scheduled run: when WeChat is busy, over quota or unreachable before any draft exists, the
   * row goes back to `queued`, due again at this time (the sweep counts the attempts).
   */
  retryAt?: Date;
  /** The lease the sweep gives a run: a row put back is made claimable at once when due. */
  leaseMs?: number;
}

export interface PublishOutcome {
  publication: WechatPublication;
  /** WeChat's failure, when there was one (for the log and the status). */
  error?: MpApiError;
  notes: string[];
}

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
 * Prepares and sends the draft, then (submit) hands it to freepublish. A DraftInputError (limits,
 * cover, a picture) is thrown before anything is uploaded or stored; WeChat's refusals are stored
 * as a failed publication. Only what WeChat confirmed is stored: draft_created with its media_id,
 * submitted with freepublish's publish_id (never published: freepublish/get says that later).
 */
export async function publishToDraftBox(deps: PublishDeps, account: { accountId: string; appId: string; appSecret: string }, input: PublishInput): Promise<PublishOutcome> {
  const { theme } = input;
  const api = new AccountApi(deps, account);
  const options: DraftOptions = { theme, publicUrl: deps.publicUrl, author: input.author ?? undefined, digest: input.digest ?? undefined };
  const id = input.publicationId ?? `wxp_${randomBytes(12).toString('hex')}`;
  const base = { userId: input.userId, articleId: input.article.articleId, accountId: account.accountId, theme, author: input.author ?? null, digest: input.digest ?? null, submit: input.submit ?? false };
  const save = async (values: Partial<WechatPublicationRow> & { state: WechatPublishState }) => {
    if (input.publicationId) {
      const [row] = await deps.db.update(wechatPublications).set({ updatedAt: new Date(), ...values }).where(eq(wechatPublications.id, id)).returning();
      return row!;
    }
    const [row] = await deps.db.insert(wechatPublications).values({ id, ...base, ...values }).returning();
    return row!;
  };
  let notes: string[] = [];
  let mediaId: string | null = null;
  try {
    const prepared = await prepareDraft(draftSource(input.article), options, {
      read: (key) => readStoredImageBytes(deps.storage, key),
      uploadImage: (file) => api.withToken((token) => api.client.uploadImage(token, file)),
      addMaterial: (file) => api.withToken((token) => api.client.addImageMaterial(token, file)),
    });
    notes = prepared.notes;
    mediaId = await api.withToken((token) => api.client.addDraft(token, prepared.article));
    const message = notes.length > 0 ? notes.join('\n') : null;
    if (!input.submit) return { publication: toPublication(await save({ state: 'draft_created', mediaId, message })), notes };
    const draftId = mediaId;
    const publishId = await api.withToken((token) => api.client.submitPublish(token, draftId));
    return { publication: toPublication(await save({ state: 'submitted', mediaId, message, wechatPublishId: publishId })), notes };
  } catch (error) {
    if (!(error instanceof MpApiError)) throw error;
    if (input.retryAt && !mediaId && isRetryLater(error)) {
      const message = `${error.userMessage}；将在约 ${Math.max(1, Math.round((input.retryAt.getTime() - Date.now()) / 60_000))} 分钟后自动重试`;
      const updatedAt = new Date(Date.now() - (input.leaseMs ?? 0) - 1000);
      return { publication: toPublication(await save({ state: 'queued', message, scheduledAt: input.retryAt, updatedAt })), error, notes };
    }
    // The draft exists when only the submit failed: say so, the user can publish it by hand.
    const message = mediaId ? `已存入草稿箱（可在公众号后台手动发表），但提交发表失败：${error.userMessage}` : error.userMessage;
    return { publication: toPublication(await save({ state: 'failed', mediaId, message })), error, notes };
  }
}

/** WeChat's side (busy, quota, timeout, unreachable), not the user's input: worth trying again later. */
export function isRetryLater(error: MpApiError): boolean {
  return error.code !== 'WECHAT_ERROR' || (error.errcode !== undefined && RETRY_LATER_ERRCODES.has(error.errcode));
}

export function draftSource(article: ArticleRow): DraftSource {
  return { title: article.title, markdown: article.content, coverUrl: article.imageUrl, authorName: article.authorName, summary: article.summary };
}
