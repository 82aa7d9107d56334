import { REVISION_ACTIONS, type RevisionAction } from '@tianma/shared';
import { ApiError, apiRequest, errorFrom, isAbort, NETWORK_ERROR_MESSAGE, type ResponseSchema } from '../../../lib/api';

/** What made a version (decision 059). */
export type VersionSource = 'generate' | 'save' | 'revision' | 'restore';

export interface ArticleVersion {
  versionId: string;
  createdAt: string;
  source: VersionSource;
  /** The AI action a `revision` version accepted. */
  action?: RevisionAction;
  chars: number;
}

export function versionsPath(articleId: string): string {
  return `/api/v1/article/${encodeURIComponent(articleId)}/versions`;
}

export function versionPath(articleId: string, versionId: string): string {
  return `${versionsPath(articleId)}/${encodeURIComponent(versionId)}`;
}

const SOURCES: readonly string[] = ['generate', 'save', 'revision', 'restore'] satisfies VersionSource[];
const ACTIONS: readonly string[] = REVISION_ACTIONS;

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function versionOf(value: unknown): ArticleVersion | null {
  if (!isRecord(value)) return null;
  const { versionId, createdAt, source, action, chars } = value;
  if (typeof versionId !== 'string' || typeof createdAt !== 'string' || typeof source !== 'string' || !SOURCES.includes(source)) return null;
  if (!Number.isInteger(chars) || (chars as number) < 0) return null;
  const version: ArticleVersion = { versionId, createdAt, source: source as VersionSource, chars: chars as number };
  // An action this client does not know yet (a newer server) still lists the version, unnamed.
  if (typeof action === 'string' && ACTIONS.includes(action)) version.action = action as RevisionAction;
  return version;
}

// Checked by hand in the shape of a zod schema: @tianma/shared has no version schemas.
const listSchema: ResponseSchema<ArticleVersion[]> = {
  safeParse(value) {
    if (!isRecord(value) || value.success !== true || !Array.isArray(value.data)) return { success: false };
    const versions = value.data.map(versionOf);
    if (versions.some((version) => version === null)) return { success: false };
    return { success: true, data: versions as ArticleVersion[] };
  },
};

/** The article's versions, newest first. */
export function fetchVersions(articleId: string, signal?: AbortSignal): Promise<ArticleVersion[]> {
  return apiRequest(versionsPath(articleId), { schema: listSchema, signal });
}

/** One version's markdown: text/plain, so read here rather than through apiRequest. */
export async function fetchVersionText(articleId: string, versionId: string, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(versionPath(articleId, versionId), { headers: { Accept: 'text/plain' }, credentials: 'include', signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw errorFrom(parseJson(text), response.status, `HTTP ${response.status}`);
  return text;
}

/** Makes the version's text the article's current one; the server records it as a new version. */
export async function restoreVersion(articleId: string, versionId: string): Promise<void> {
  await apiRequest(`${versionPath(articleId, versionId)}/restore`, { method: 'POST' });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
