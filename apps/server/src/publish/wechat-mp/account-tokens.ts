import type { Db } from '../../platform/db/index.js';
import { type CredentialShelf, credentialName } from '../../wechat/credential-shelf.js';
import { WechatTokenStore } from '../../wechat/token-store.js';
import { TOKEN_REJECTED_ERRCODES, WechatApiError } from '../../wechat/wechat-api-client.js';
import { MpApiClient } from './mp-api-client.js';

/*
 * A bound account's access_token, on the credential shelf every process shares (the database, or
 * Redis when configured: decision 077), replaced ahead of expiry and once when WeChat refuses it
 * (40001, 40014, 42001).
 */

export interface AccountTokenDeps {
  db: Db;
  /** Where the tokens are shared between processes. */
  credentials: CredentialShelf;
  baseUrl: string;
}

/** The credential store's key for an account: its row id, so that two users' bindings of one AppID never share. */
const storeKey = (accountId: string) => `mp:${accountId}`;

export interface AccountCredentials {
  accountId: string;
  appId: string;
  appSecret: string;
}

export class AccountApi {
  readonly client: MpApiClient;
  private readonly store: WechatTokenStore;

  constructor(deps: AccountTokenDeps, account: AccountCredentials) {
    this.client = new MpApiClient({ appId: account.appId, appSecret: account.appSecret, baseUrl: deps.baseUrl });
    const client = this.client;
    this.store = new WechatTokenStore({
      shelf: deps.credentials,
      client: {
        appId: storeKey(account.accountId),
        stableToken: (force?: boolean) => client.stableToken(force),
        jsapiTicket: () => Promise.reject(new TypeError('wechat-mp: no jsapi_ticket for bound accounts')),
      },
      // Each call builds its own store: a failure is not remembered beyond it.
      failureCooldownMs: 0,
    });
  }

  /** Runs `work` with the account's token; when WeChat refuses the token, one new token and one retry. */
  async withToken<T>(work: (token: string) => Promise<T>): Promise<T> {
    const token = await this.store.accessToken();
    try {
      return await work(token);
    } catch (error) {
      if (!(error instanceof WechatApiError) || error.errcode === undefined || !TOKEN_REJECTED_ERRCODES.has(error.errcode)) throw error;
      return work(await this.store.accessToken(token));
    }
  }
}

/** Forgets the cached tokens of these accounts (secret changed, check failed, account deleted). */
export async function forgetAccountTokens(credentials: CredentialShelf, accountIds: string[]): Promise<void> {
  await credentials.forget(accountIds.map((id) => credentialName('access_token', storeKey(id))));
}
