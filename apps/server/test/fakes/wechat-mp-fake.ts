import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake of the official-account API for bound accounts (WECHATMP.md) on loopback: stable_token
 * and token for any number of accounts (AppID → AppSecret), draft/count, and scripted errors.
 */

export type MpFakeRoute = 'stable_token' | 'token' | 'draft_count';

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
  requestCount(route: MpFakeRoute): number;
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
    tokenCount: (appId) => tokenCalls.filter((call) => call.appId === appId).length,
    requestCount: (route) => counts.get(route) ?? 0,
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
