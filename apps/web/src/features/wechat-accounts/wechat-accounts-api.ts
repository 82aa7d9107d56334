import { type BindWechatAccountRequest, type WechatAccount, wechatAccountSchema } from '@tianma/shared';
import { apiRequest, type ResponseSchema } from '../../lib/api';

/** The bound official accounts (公众号) of the signed-in user: API.md "Beyond the spec", decision 073. */
export const WECHAT_ACCOUNTS_PATH = '/api/v1/publish/wechat/accounts';

export const wechatAccountPath = (accountId: string) => `${WECHAT_ACCOUNTS_PATH}/${encodeURIComponent(accountId)}`;

const dataOf = (payload: unknown): unknown => (typeof payload === 'object' && payload !== null ? (payload as { data?: unknown }).data : undefined);

/** `{ success, data }` whose data is checked by `check`. */
function envelope<T>(check: ResponseSchema<T>): ResponseSchema<T> {
  return { safeParse: (payload) => check.safeParse(dataOf(payload)) };
}

const listSchema = envelope(wechatAccountSchema.array());
const accountSchema = envelope(wechatAccountSchema);

export function fetchWechatAccounts(signal?: AbortSignal): Promise<WechatAccount[]> {
  return apiRequest(WECHAT_ACCOUNTS_PATH, { schema: listSchema, signal });
}

/** The AppSecret goes to the server in this one request and is kept nowhere in the app. */
export function bindWechatAccount(request: BindWechatAccountRequest): Promise<WechatAccount> {
  return apiRequest(WECHAT_ACCOUNTS_PATH, { method: 'POST', body: request, schema: accountSchema });
}

export function unbindWechatAccount(accountId: string): Promise<unknown> {
  return apiRequest(wechatAccountPath(accountId), { method: 'DELETE' });
}
