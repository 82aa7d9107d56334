import { WECHAT_PUBLISH_STATES, type WechatPublishState, type WechatThemeId } from '@tianma/shared';
import { apiRequest, type ResponseSchema } from '../../lib/api';

/**
 * Publishing an article to a bound official account's draft box (decision 074; API.md "Beyond the
 * spec"): the preflight report, the publish itself, one publication's state (refreshed from WeChat
 * while it is being published), the article's publications, cancelling a scheduled one, and the
 * article's own layout theme.
 */

export interface Publication {
  publishId: string;
  state: WechatPublishState;
  mediaId?: string;
  /** WeChat's refusal in Chinese, or a note (pictures left out). */
  message?: string;
  createdAt?: string;
  scheduledAt?: string;
  /** The published article's address, once WeChat gives it. */
  articleUrl?: string;
  accountName?: string;
}

export type FindingLevel = 'info' | 'warn' | 'block';

export interface PreflightFinding {
  kind: string;
  /** info: handled for the user; warn: handled, but worth a look; block: no draft until fixed. */
  level: FindingLevel;
  count: number;
  /** What WeChat would strip or change. */
  message: string;
  /** What we do about it. */
  fix: string;
  examples?: string[];
}

export interface PreflightLimit {
  field: string;
  label: string;
  length: number;
  max: number;
  ok: boolean;
}

export interface Preflight {
  findings: PreflightFinding[];
  limits: PreflightLimit[];
  pictures: { ours: number; converted: number; external: number };
  ok: boolean;
}

export interface PublishRequest {
  accountId: string;
  theme: WechatThemeId;
  author?: string;
  digest?: string;
  submit?: boolean;
  scheduleAt?: string;
}

// Keys under the article family: dropped with the user's other data at sign-out (session-keys.ts).
export const publishKeys = {
  publications: (articleId: string) => ['articles', 'wechat-publications', articleId] as const,
  preflight: (articleId: string, theme: WechatThemeId) => ['articles', 'wechat-preflight', articleId, theme] as const,
};

const id = (articleId: string) => encodeURIComponent(articleId);
export const publishPath = (articleId: string) => `/api/v1/articles/${id(articleId)}/publish/wechat`;
export const preflightPath = (articleId: string) => `${publishPath(articleId)}/preflight`;
export const publicationsPath = (articleId: string) => `/api/v1/articles/${id(articleId)}/publications`;
export const publicationPath = (publishId: string) => `/api/v1/publish/${encodeURIComponent(publishId)}`;

// NOTE: hand-written checks, not zod: the answers carry optional fields that packages/shared's
// schemas do not all name yet, and a zod object would drop them.
type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function checker<T>(read: (payload: unknown) => T | undefined): ResponseSchema<T> {
  return {
    safeParse: (payload) => {
      const data = read(payload);
      return data === undefined ? { success: false } : { success: true, data };
    },
  };
}

const dataOf = (payload: unknown) => (isRecord(payload) ? payload.data : undefined);

export function readPublication(value: unknown): Publication | undefined {
  if (!isRecord(value) || typeof value.publishId !== 'string') return undefined;
  const state = WECHAT_PUBLISH_STATES.find((known) => known === value.state);
  if (!state) return undefined;
  const publication: Publication = { publishId: value.publishId, state };
  for (const key of ['mediaId', 'message', 'createdAt', 'scheduledAt', 'articleUrl', 'accountName'] as const) {
    const text = optionalString(value[key]);
    if (text !== undefined) publication[key] = text;
  }
  return publication;
}

function readPreflight(value: unknown): Preflight | undefined {
  if (!isRecord(value) || !Array.isArray(value.findings) || !Array.isArray(value.limits)) return undefined;
  const findings = value.findings.filter(isRecord).map((finding): PreflightFinding => ({
    kind: String(finding.kind ?? ''),
    level: finding.level === 'block' || finding.level === 'warn' ? finding.level : 'info',
    count: number(finding.count),
    message: String(finding.message ?? ''),
    fix: String(finding.fix ?? ''),
    examples: Array.isArray(finding.examples) ? finding.examples.filter((example): example is string => typeof example === 'string') : undefined,
  }));
  const limits = value.limits.filter(isRecord).map((limit) => ({
    field: String(limit.field ?? ''),
    label: String(limit.label ?? limit.field ?? ''),
    length: number(limit.length),
    max: number(limit.max),
    ok: limit.ok !== false,
  }));
  const pictures = isRecord(value.pictures) ? value.pictures : {};
  return {
    findings,
    limits,
    pictures: { ours: number(pictures.ours), converted: number(pictures.converted), external: number(pictures.external) },
    ok: value.ok !== false,
  };
}

const publicationSchema = checker((payload) => readPublication(dataOf(payload)));
const publicationsSchema = checker((payload) => {
  const data = dataOf(payload);
  return Array.isArray(data) ? data.map(readPublication).filter((item): item is Publication => item !== undefined) : undefined;
});
const preflightSchema = checker((payload) => readPreflight(dataOf(payload)));

export function fetchPreflight(articleId: string, theme: WechatThemeId, signal?: AbortSignal): Promise<Preflight> {
  return apiRequest(preflightPath(articleId), { method: 'POST', body: { theme }, schema: preflightSchema, signal });
}

/** Resolves only with what the server recorded; a refusal (WeChat's included) rejects with its Chinese message. */
export function publishToWechat(articleId: string, request: PublishRequest): Promise<Publication> {
  return apiRequest(publishPath(articleId), { method: 'POST', body: request, schema: publicationSchema });
}

export function fetchPublication(publishId: string, signal?: AbortSignal): Promise<Publication> {
  return apiRequest(publicationPath(publishId), { schema: publicationSchema, signal });
}

/** The article's publications, newest first. */
export function fetchPublications(articleId: string, signal?: AbortSignal): Promise<Publication[]> {
  return apiRequest(publicationsPath(articleId), { schema: publicationsSchema, signal });
}

export function cancelPublication(publishId: string): Promise<unknown> {
  return apiRequest(publicationPath(publishId), { method: 'DELETE' });
}
