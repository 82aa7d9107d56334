import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake of WeChat's official-account API on 127.0.0.1: stable_token and getticket with WeChat's
 * semantics (errcode in a 200 reply, tokens that expire or are invalidated by a forced refresh).
 * It counts requests, and a test can script errcodes and delays per call.
 */

export type WechatFakeRoute = 'stable_token' | 'getticket' | 'unknown';

export interface ScriptedError {
  errcode: number;
  errmsg?: string;
}

export interface WechatApiFake {
  url: string;
  appId: string;
  appSecret: string;
  /** Every access_token and ticket handed out, oldest first (tests check none reaches a log). */
  tokens: string[];
  tickets: string[];
  /** Bodies of the stable_token calls, as parsed. */
  tokenRequests: Array<Record<string, unknown>>;
  behaviour: {
    /** Milliseconds before each reply, per call. */
    delayMs: Record<Exclude<WechatFakeRoute, 'unknown'>, number>;
    /** expires_in of what is handed out next. */
    tokenExpiresIn: number;
    ticketExpiresIn: number;
  };
  /** Errors answered by the next calls of a route, one per call, before normal service resumes. */
  script(route: Exclude<WechatFakeRoute, 'unknown'>, ...errors: ScriptedError[]): void;
  /** Makes every token handed out so far invalid (as a forced refresh elsewhere would): getticket answers 40001. */
  invalidateTokens(): void;
  /** Makes every token handed out so far expired: getticket answers 42001. */
  expireTokens(): void;
  requestCount(route: WechatFakeRoute): number;
  maxInFlight(route: WechatFakeRoute): number;
  latestTicket(): string | undefined;
  close(): Promise<void>;
}

export async function startWechatApiFake(options: { appId?: string; appSecret?: string } = {}): Promise<WechatApiFake> {
  const appId = options.appId ?? 'wx2c4e6a8b0d1f3579';
  const appSecret = options.appSecret ?? `secret${randomBytes(13).toString('hex')}`;
  const counts = new Map<WechatFakeRoute, { total: number; live: number; max: number }>();
  const scripts = new Map<WechatFakeRoute, ScriptedError[]>();
  const tokenState = new Map<string, 'valid' | 'invalid' | 'expired'>();
  const tokens: string[] = [];
  const tickets: string[] = [];
  const tokenRequests: Array<Record<string, unknown>> = [];
  const behaviour: WechatApiFake['behaviour'] = { delayMs: { stable_token: 0, getticket: 0 }, tokenExpiresIn: 7200, ticketExpiresIn: 7200 };
  const stat = (route: WechatFakeRoute) => counts.get(route) ?? counts.set(route, { total: 0, live: 0, max: 0 }).get(route)!;

  function stableToken(text: string): object {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return { errcode: 47001, errmsg: 'data format error' };
    }
    tokenRequests.push(body);
    if (body.grant_type !== 'client_credential') return { errcode: 40002, errmsg: 'invalid grant_type' };
    if (body.appid !== appId) return { errcode: 40013, errmsg: 'invalid appid' };
    if (body.secret !== appSecret) return { errcode: 40125, errmsg: 'invalid appsecret' };
    if (body.force_refresh === true) {
      for (const [token, state] of tokenState) if (state === 'valid') tokenState.set(token, 'invalid');
    }
    const token = `ACCESS_${tokens.length + 1}_${randomBytes(24).toString('base64url')}`;
    tokens.push(token);
    tokenState.set(token, 'valid');
    return { access_token: token, expires_in: behaviour.tokenExpiresIn };
  }

  function getTicket(query: URLSearchParams): object {
    if (query.get('type') !== 'jsapi') return { errcode: 40097, errmsg: 'invalid args' };
    const state = tokenState.get(query.get('access_token') ?? '');
    if (state === undefined || state === 'invalid') return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' };
    if (state === 'expired') return { errcode: 42001, errmsg: 'access_token expired' };
    const ticket = `TICKET_${tickets.length + 1}_${randomBytes(30).toString('base64url')}`;
    tickets.push(ticket);
    return { errcode: 0, errmsg: 'ok', ticket, expires_in: behaviour.ticketExpiresIn };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const route: WechatFakeRoute =
        req.method === 'POST' && url.pathname === '/cgi-bin/stable_token'
          ? 'stable_token'
          : req.method === 'GET' && url.pathname === '/cgi-bin/ticket/getticket'
            ? 'getticket'
            : 'unknown';
      const entry = stat(route);
      entry.total += 1;
      entry.live += 1;
      entry.max = Math.max(entry.max, entry.live);
      res.on('close', () => {
        entry.live -= 1;
      });
      if (route === 'unknown') {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ errcode: 404, errmsg: 'not found' }));
        return;
      }
      const scripted = scripts.get(route)?.shift();
      const reply = scripted
        ? { errcode: scripted.errcode, errmsg: scripted.errmsg ?? 'scripted error' }
        : route === 'stable_token'
          ? stableToken(Buffer.concat(chunks).toString('utf8'))
          : getTicket(url.searchParams);
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(reply));
      }, behaviour.delayMs[route]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const markTokens = (state: 'invalid' | 'expired') => {
    for (const token of tokenState.keys()) tokenState.set(token, state);
  };

  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    appSecret,
    tokens,
    tickets,
    tokenRequests,
    behaviour,
    script(route, ...errors) {
      scripts.set(route, [...(scripts.get(route) ?? []), ...errors]);
    },
    invalidateTokens: () => markTokens('invalid'),
    expireTokens: () => markTokens('expired'),
    requestCount: (route) => stat(route).total,
    maxInFlight: (route) => stat(route).max,
    latestTicket: () => tickets.at(-1),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
