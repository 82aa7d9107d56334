import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake of the official-account API for bound accounts (WECHATMP.md) on loopback: stable_token
 * and token for any number of accounts (AppID → AppSecret), draft/count, media/uploadimg,
 * material/add_material and draft/add (each recording what it received), freepublish/submit and
 * freepublish/get (each job answering a configurable sequence of publish_status), and scripted errors.
 */

export type MpFakeRoute = 'stable_token' | 'token' | 'draft_count' | 'uploadimg' | 'add_material' | 'draft_add' | 'freepublish_submit' | 'freepublish_get';

/** A freepublish job: the draft submitted, and the publish_status answers freepublish/get gives in turn (the last one stays). */
export interface MpFakePublish {
  appId: string;
  mediaId: string;
  publishId: string;
  statuses: number[];
  articleUrl: string;
  gets: number;
}

/** A file received by uploadimg or add_material. */
export interface MpFakeUpload {
  appId: string;
  route: 'uploadimg' | 'add_material';
  /** add_material's `type` query parameter. */
  type: string | null;
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
  /** What the fake answered: the URL (uploadimg) or the media_id (add_material). */
  answer: string;
}

export interface MpFakeError {
  errcode: number;
  errmsg?: string;
}

export interface MpFakeAccount {
  appSecret: string;
  /** Whether draft/count answers 48001 (an unverified account). */
  noDraftRights?: boolean;
}

export interface WechatMpFake {
  url: string;
  accounts: Map<string, MpFakeAccount>;
  /** Token fetches (token and stable_token) per AppID, and whether each forced a refresh. */
  tokenCalls: { appId: string; force: boolean }[];
  tokenCount(appId: string): number;
  uploads: MpFakeUpload[];
  /** draft/add bodies as received (parsed JSON), with the account and the draft's media_id. */
  drafts: { appId: string; body: Record<string, unknown>; mediaId: string }[];
  requestCount(route: MpFakeRoute): number;
  /** freepublish jobs by publish_id. */
  publishes: Map<string, MpFakePublish>;
  /** The publish_status sequence of the jobs submitted from now on (default [1, 0]: publishing, then published). */
  publishStatuses(...statuses: number[]): void;
  /** The next answers of a route, in order, before it answers normally again. */
  script(route: MpFakeRoute, ...errors: MpFakeError[]): void;
  /** Every token issued so far is refused (40001) from now on. */
  invalidateTokens(): void;
  close(): Promise<void>;
}

export async function startWechatMpFake(): Promise<WechatMpFake> {
  const accounts = new Map<string, MpFakeAccount>();
  const tokens = new Map<string, { appId: string; valid: boolean }>();
  const tokenCalls: { appId: string; force: boolean }[] = [];
  const counts = new Map<MpFakeRoute, number>();
  const scripts = new Map<MpFakeRoute, MpFakeError[]>();
  const uploads: MpFakeUpload[] = [];
  const drafts: { appId: string; body: Record<string, unknown>; mediaId: string }[] = [];
  const publishes = new Map<string, MpFakePublish>();
  let nextStatuses = [1, 0];
  let publishSeq = 2247503000;

  function issue(appId: unknown, secret: unknown, force: boolean): Record<string, unknown> {
    if (typeof appId !== 'string' || !appId) return { errcode: 41002, errmsg: 'appid missing' };
    if (typeof secret !== 'string' || !secret) return { errcode: 41004, errmsg: 'appsecret missing' };
    const account = accounts.get(appId);
    if (!account) return { errcode: 40013, errmsg: 'invalid appid rid: 0001' };
    if (account.appSecret !== secret) return { errcode: 40125, errmsg: 'invalid appsecret, view more at http://t.cn/RAEkdVq rid: 0002' };
    tokenCalls.push({ appId, force });
    const token = `MPTOKEN_${tokenCalls.length}_${randomBytes(24).toString('base64url')}`;
    tokens.set(token, { appId, valid: true });
    return { access_token: token, expires_in: 7200 };
  }

  function draftCount(query: URLSearchParams): Record<string, unknown> {
    const token = tokens.get(query.get('access_token') ?? '');
    if (!token?.valid) return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest rid: 0003' };
    if (accounts.get(token.appId)?.noDraftRights) return { errcode: 48001, errmsg: 'api unauthorized rid: 0004' };
    return { total_count: 3 };
  }

  /** The token's account, or the error WeChat answers (invalid token, no draft rights). */
  function authorised(query: URLSearchParams): { appId: string } | Record<string, unknown> {
    const token = tokens.get(query.get('access_token') ?? '');
    if (!token?.valid) return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest rid: 0005' };
    if (accounts.get(token.appId)?.noDraftRights) return { errcode: 48001, errmsg: 'api unauthorized rid: 0006' };
    return { appId: token.appId };
  }

  function upload(route: 'uploadimg' | 'add_material', query: URLSearchParams, contentType: string, body: Buffer): Record<string, unknown> {
    const who = authorised(query);
    if (!('appId' in who) || typeof who.appId !== 'string') return who;
    const part = multipartFile(contentType, body);
    if (!part) return { errcode: 41005, errmsg: 'media data missing' };
    if (route === 'uploadimg' && (part.data.length >= 1024 * 1024 || !/^image\/(jpeg|png)$/.test(part.contentType))) return { errcode: 40005, errmsg: 'invalid file type' };
    const id = randomBytes(8).toString('hex');
    const answer = route === 'uploadimg' ? `http://mmbiz.qpic.cn/mmbiz_png/${id}/0?wx_fmt=png` : `MEDIA_${id}`;
    uploads.push({ appId: who.appId, route, type: query.get('type'), ...part, answer });
    return route === 'uploadimg' ? { url: answer } : { media_id: answer, url: `http://mmbiz.qpic.cn/mmbiz_png/${id}/0?wx_fmt=png` };
  }

  function draftAdd(query: URLSearchParams, raw: Buffer): Record<string, unknown> {
    const who = authorised(query);
    if (!('appId' in who) || typeof who.appId !== 'string') return who;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return { errcode: 44002, errmsg: 'empty post data' };
    }
    const mediaId = `DRAFT_${randomBytes(8).toString('hex')}`;
    drafts.push({ appId: who.appId, body, mediaId });
    return { media_id: mediaId };
  }

  function jsonBody(raw: Buffer): Record<string, unknown> | null {
    try {
      return JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return null;
    }
  }

  function freepublishSubmit(query: URLSearchParams, raw: Buffer): Record<string, unknown> {
    const who = authorised(query);
    if (!('appId' in who) || typeof who.appId !== 'string') return who;
    const mediaId = jsonBody(raw)?.media_id;
    if (typeof mediaId !== 'string' || !drafts.some((draft) => draft.mediaId === mediaId && draft.appId === who.appId)) return { errcode: 40007, errmsg: 'invalid media_id' };
    publishSeq += 1;
    const publishId = String(publishSeq);
    publishes.set(publishId, { appId: who.appId, mediaId, publishId, statuses: [...nextStatuses], articleUrl: `https://mp.weixin.qq.com/s/${randomBytes(12).toString('base64url')}`, gets: 0 });
    return { errcode: 0, errmsg: 'ok', publish_id: publishId, msg_data_id: publishSeq + 1 };
  }

  function freepublishGet(query: URLSearchParams, raw: Buffer): Record<string, unknown> {
    const who = authorised(query);
    if (!('appId' in who) || typeof who.appId !== 'string') return who;
    const job = publishes.get(String(jsonBody(raw)?.publish_id ?? ''));
    if (!job || job.appId !== who.appId) return { errcode: 53600, errmsg: 'Article ID 无效' };
    job.gets += 1;
    const status = job.statuses.length > 1 ? job.statuses.shift()! : job.statuses[0]!;
    if (status === 0) {
      return { publish_id: job.publishId, publish_status: 0, article_id: `ART_${job.publishId}`, article_detail: { count: 1, item: [{ idx: 1, article_url: job.articleUrl }] }, fail_idx: [] };
    }
    return { publish_id: job.publishId, publish_status: status, fail_idx: status === 2 || status === 4 ? [1] : [] };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const route: MpFakeRoute | undefined =
        req.method === 'POST' && url.pathname === '/cgi-bin/stable_token'
          ? 'stable_token'
          : req.method === 'GET' && url.pathname === '/cgi-bin/token'
            ? 'token'
            : url.pathname === '/cgi-bin/draft/count'
              ? 'draft_count'
              : req.method === 'POST' && url.pathname === '/cgi-bin/media/uploadimg'
                ? 'uploadimg'
                : req.method === 'POST' && url.pathname === '/cgi-bin/material/add_material'
                  ? 'add_material'
                  : req.method === 'POST' && url.pathname === '/cgi-bin/draft/add'
                    ? 'draft_add'
                    : req.method === 'POST' && url.pathname === '/cgi-bin/freepublish/submit'
                      ? 'freepublish_submit'
                      : req.method === 'POST' && url.pathname === '/cgi-bin/freepublish/get'
                        ? 'freepublish_get'
                        : undefined;
      if (!route) {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ errcode: 404, errmsg: 'not found' }));
        return;
      }
      counts.set(route, (counts.get(route) ?? 0) + 1);
      const scripted = scripts.get(route)?.shift();
      let reply: Record<string, unknown>;
      if (scripted) reply = { errcode: scripted.errcode, errmsg: scripted.errmsg ?? 'scripted error' };
      else if (route === 'draft_count') reply = draftCount(url.searchParams);
      else if (route === 'uploadimg' || route === 'add_material') reply = upload(route, url.searchParams, req.headers['content-type'] ?? '', Buffer.concat(chunks));
      else if (route === 'draft_add') reply = draftAdd(url.searchParams, Buffer.concat(chunks));
      else if (route === 'freepublish_submit') reply = freepublishSubmit(url.searchParams, Buffer.concat(chunks));
      else if (route === 'freepublish_get') reply = freepublishGet(url.searchParams, Buffer.concat(chunks));
      else if (route === 'token') reply = issue(url.searchParams.get('appid'), url.searchParams.get('secret'), false);
      else {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          body = {};
        }
        reply = body.grant_type === 'client_credential' ? issue(body.appid, body.secret, body.force_refresh === true) : { errcode: 40002, errmsg: 'invalid grant_type' };
      }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accounts,
    tokenCalls,
    uploads,
    drafts,
    tokenCount: (appId) => tokenCalls.filter((call) => call.appId === appId).length,
    requestCount: (route) => counts.get(route) ?? 0,
    publishes,
    publishStatuses(...statuses) {
      nextStatuses = statuses.length > 0 ? statuses : [0];
    },
    script(route, ...errors) {
      scripts.set(route, [...(scripts.get(route) ?? []), ...errors]);
    },
    invalidateTokens() {
      for (const token of tokens.values()) token.valid = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The `media` file of a multipart/form-data body, or null. */
function multipartFile(contentType: string, body: Buffer): { field: string; filename: string; contentType: string; data: Buffer } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return null;
  const delimiter = Buffer.from(`--${mark}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headEnd = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, headEnd).toString('utf8');
    const field = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    if (field === 'media') {
      return {
        field,
        filename: /filename="([^"]*)"/.exec(head)?.[1] ?? '',
        contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? '',
        data: Buffer.from(part.subarray(headEnd + 4)),
      };
    }
    start = next;
  }
  return null;
}
