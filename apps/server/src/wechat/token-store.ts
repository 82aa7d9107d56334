import type { Db } from '../platform/db/index.js';
import { type CredentialShelf, credentialName, databaseCredentialShelf, type SharedCredential } from './credential-shelf.js';
import { TOKEN_REJECTED_ERRCODES, type WechatApiClient, WechatApiError, type WechatCredential } from './wechat-api-client.js';

export type CredentialKind = 'access_token' | 'jsapi_ticket';

type Cached = SharedCredential;

export type WechatTokenStoreOptions = {
  client: Pick<WechatApiClient, 'appId' | 'stableToken' | 'jsapiTicket'>;
  now?: () => number;
  /** How long before expiry a value is replaced (default 5 minutes; at most half its lifetime). */
  refreshMarginMs?: number;
  /** After a failed refresh, further calls fail at once for this long instead of asking again. */
  failureCooldownMs?: number;
  logger?: { info(object: object, message: string): void; warn(object: object, message: string): void };
} & (
  | {
      /** Where the credentials are shared between processes (Redis when configured). */
      shelf: CredentialShelf;
    }
  | {
      db: Db;
      /** The database shelf's advisory lock (PostgreSQL); see databaseCredentialShelf. */
      crossProcessLock: boolean;
    }
);

/**
 * An official account's access_token and jsapi_ticket, cached in memory and on a shelf that
 * processes share (the database, or Redis). Each is refreshed ahead of expiry by one flight per
 * process and, across processes, under the shelf's lock with a re-read after taking it, so that
 * many processes refresh once between them.
 */
export class WechatTokenStore {
  private readonly shelf: CredentialShelf;
  private readonly client: WechatTokenStoreOptions['client'];
  private readonly now: () => number;
  private readonly marginMs: number;
  private readonly cooldownMs: number;
  private readonly logger?: WechatTokenStoreOptions['logger'];
  private readonly memory = new Map<CredentialKind, Cached>();
  private readonly flights = new Map<CredentialKind, Promise<Cached>>();
  private readonly failures = new Map<CredentialKind, { at: number; error: unknown }>();

  constructor(options: WechatTokenStoreOptions) {
    this.shelf = 'shelf' in options ? options.shelf : databaseCredentialShelf(options.db, options.crossProcessLock);
    this.client = options.client;
    this.now = options.now ?? Date.now;
    this.marginMs = options.refreshMarginMs ?? 5 * 60_000;
    this.cooldownMs = options.failureCooldownMs ?? 5_000;
    this.logger = options.logger;
  }

  /** The jsapi_ticket to sign share pages with. Throws WechatApiError when WeChat cannot give one. */
  jsapiTicket(): Promise<string> {
    return this.get('jsapi_ticket');
  }

  /** The access_token; `rejected` is a token WeChat refused, which is then replaced at once. */
  accessToken(rejected?: string): Promise<string> {
    return this.get('access_token', rejected);
  }

  private async get(kind: CredentialKind, rejected?: string): Promise<string> {
    const known = this.memory.get(kind);
    if (known && known.value !== rejected && this.isFresh(known)) return known.value;
    try {
      // NOTE: the flight is looked up and stored without an await in between: that is the single flight.
      let result = await (this.flights.get(kind) ?? this.fly(kind, rejected));
      // A flight that had started before the token was refused may bring back that same token.
      if (rejected !== undefined && result.value === rejected) result = await (this.flights.get(kind) ?? this.fly(kind, rejected));
      return result.value;
    } catch (error) {
      // Refreshing early leaves time to spare: a value that is still valid serves while WeChat fails.
      const fallback = this.memory.get(kind);
      if (fallback && fallback.value !== rejected && this.now() < fallback.expiresAt - 60_000) {
        this.logger?.warn({ credential: kind, reason: describe(error) }, 'wechat credential refresh failed; the current one is still valid');
        return fallback.value;
      }
      throw error;
    }
  }

  private fly(kind: CredentialKind, rejected?: string): Promise<Cached> {
    const flight = this.refresh(kind, rejected).finally(() => {
      if (this.flights.get(kind) === flight) this.flights.delete(kind);
    });
    this.flights.set(kind, flight);
    return flight;
  }

  private async refresh(kind: CredentialKind, rejected?: string): Promise<Cached> {
    const failure = this.failures.get(kind);
    if (failure && this.now() - failure.at < this.cooldownMs) throw failure.error;
    const name = credentialName(kind, this.client.appId);
    const usable = (row: Cached | undefined): row is Cached => row !== undefined && row.value !== rejected && this.isFresh(row);
    try {
      // Another process may have refreshed it already: a plain read first, the lock only when needed.
      const stored = this.keepAsFallback(kind, await this.shelf.read(name));
      const result = usable(stored)
        ? stored
        : await this.shelf.exclusive(name, async (scope) => {
            const again = await scope.read(name);
            if (usable(again)) return again;
            const fetched = kind === 'access_token' ? await this.client.stableToken(rejected !== undefined) : await this.fetchTicket();
            const row = this.toCached(fetched);
            await scope.write(name, row);
            this.logger?.info({ credential: kind, expiresIn: fetched.expiresIn, forced: rejected !== undefined }, 'wechat credential refreshed');
            return row;
          });
      this.memory.set(kind, result);
      this.failures.delete(kind);
      return result;
    } catch (error) {
      this.failures.set(kind, { at: this.now(), error });
      throw error;
    }
  }

  /** getticket with the current token; when WeChat refuses the token, one new token and one retry. */
  private async fetchTicket(): Promise<WechatCredential> {
    const token = await this.accessToken();
    try {
      return await this.client.jsapiTicket(token);
    } catch (error) {
      if (!(error instanceof WechatApiError) || error.errcode === undefined || !TOKEN_REJECTED_ERRCODES.has(error.errcode)) throw error;
      this.logger?.warn({ errcode: error.errcode }, 'wechat refused the access_token; replacing it once');
      return this.client.jsapiTicket(await this.accessToken(token));
    }
  }

  private toCached(credential: WechatCredential): Cached {
    const now = this.now();
    return { value: credential.value, expiresAt: now + credential.expiresIn * 1000, fetchedAt: now };
  }

  /** After a restart, a stored value that is stale but still valid is what serves if WeChat fails. */
  private keepAsFallback(kind: CredentialKind, row: Cached | undefined): Cached | undefined {
    if (row && !this.memory.has(kind) && this.now() < row.expiresAt) this.memory.set(kind, row);
    return row;
  }

  private isFresh(row: Cached): boolean {
    const margin = Math.min(this.marginMs, (row.expiresAt - row.fetchedAt) / 2);
    return this.now() < row.expiresAt - margin;
  }
}

function describe(error: unknown): string {
  return error instanceof WechatApiError ? error.message : 'unexpected error';
}
