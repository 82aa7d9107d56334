import { type WechatApiErrorCode, WechatApiError, type WechatCredential } from '../../wechat/wechat-api-client.js';
import { callWechat } from '../../wechat/wechat-call.js';
import { errcodeMessage } from './errcodes.js';

/*
 * The official-account API for one bound account (WECHATMP.md), over plain fetch. WeChat answers
 * HTTP 200 with `errcode` on failure. Errors carry WeChat's errcode and errmsg (with the secret cut
 * out should WeChat ever echo it) and a Chinese message; never the secret, a token or a URL query.
 */

export class MpApiError extends WechatApiError {
  override name = 'MpApiError';
  constructor(
    message: string,
    code: WechatApiErrorCode,
    /** What the user is shown (Chinese). */
    readonly userMessage: string,
    errcode?: number,
    readonly errmsg = '',
  ) {
    super(message, code, errcode);
  }
}

/** A picture to upload: bytes, file name (its extension tells WeChat the type) and MIME type. */
export interface MpImageFile {
  data: Buffer;
  filename: string;
  contentType: 'image/jpeg' | 'image/png';
}

/** One article of draft/add, the documented fields only (WECHATMP.md). */
export interface MpDraftArticle {
  article_type: 'news';
  title: string;
  author: string;
  digest: string;
  content: string;
  content_source_url?: string;
  thumb_media_id: string;
  need_open_comment: 0 | 1;
  only_fans_can_comment: 0 | 1;
}

/** freepublish/get's answer: publish_status (0 published … 6 banned), the article's address, fail_idx. */
export interface MpPublishStatus {
  status: number;
  articleUrl?: string;
  failIdx: number[];
}

function mediaForm(image: MpImageFile): FormData {
  const form = new FormData();
  form.append('media', new Blob([new Uint8Array(image.data)], { type: image.contentType }), image.filename);
  return form;
}

export interface MpApiClientOptions {
  appId: string;
  appSecret: string;
  /** Origin of the API, default https://api.weixin.qq.com (WECHAT_MP_API_BASE; tests use a fake). */
  baseUrl: string;
  timeoutMs?: number;
}

export class MpApiClient {
  readonly appId: string;
  private readonly appSecret: string;
  private readonly origin: string;
  private readonly timeoutMs: number;

  constructor(options: MpApiClientOptions) {
    this.appId = options.appId;
    this.appSecret = options.appSecret;
    this.origin = new URL(options.baseUrl).origin;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /**
   * POST /cgi-bin/stable_token: unlike /cgi-bin/token it does not cut off a token that another tool
   * of the same account holds. `forceRefresh` only after WeChat said the token is no longer valid.
   */
  async stableToken(forceRefresh = false): Promise<WechatCredential> {
    const body = JSON.stringify({ grant_type: 'client_credential', appid: this.appId, secret: this.appSecret, force_refresh: forceRefresh });
    const reply = await this.call('stable_token', '/cgi-bin/stable_token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    const value = reply.access_token;
    const expiresIn = reply.expires_in;
    if (typeof value !== 'string' || value === '' || typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn <= 0) {
      throw new MpApiError('wechat-mp: stable_token reply has no access_token or expires_in', 'BAD_RESPONSE', BAD_ANSWER);
    }
    return { value, expiresIn };
  }

  /** GET /cgi-bin/draft/count: the cheapest call that needs draft rights (48001 without them). */
  async draftCount(accessToken: string): Promise<number> {
    const reply = await this.call('draft/count', `/cgi-bin/draft/count?${new URLSearchParams({ access_token: accessToken })}`, { method: 'GET' });
    return typeof reply.total_count === 'number' ? reply.total_count : 0;
  }

  /** POST /cgi-bin/media/uploadimg: a picture for inside the content (jpg/png under 1 MB) → its URL on WeChat's domain. */
  async uploadImage(accessToken: string, image: MpImageFile): Promise<string> {
    const reply = await this.call('media/uploadimg', `/cgi-bin/media/uploadimg?${new URLSearchParams({ access_token: accessToken })}`, { method: 'POST', body: mediaForm(image) });
    if (typeof reply.url !== 'string' || !/^https?:\/\//.test(reply.url)) throw new MpApiError('wechat-mp: media/uploadimg reply has no url', 'BAD_RESPONSE', BAD_ANSWER);
    return reply.url;
  }

  /** POST /cgi-bin/material/add_material?type=image: permanent material (the cover) → its media_id. */
  async addImageMaterial(accessToken: string, image: MpImageFile): Promise<string> {
    const query = new URLSearchParams({ access_token: accessToken, type: 'image' });
    const reply = await this.call('material/add_material', `/cgi-bin/material/add_material?${query}`, { method: 'POST', body: mediaForm(image) });
    if (typeof reply.media_id !== 'string' || reply.media_id === '') throw new MpApiError('wechat-mp: material/add_material reply has no media_id', 'BAD_RESPONSE', BAD_ANSWER);
    return reply.media_id;
  }

  /** POST /cgi-bin/draft/add: one article into the draft box → the draft's media_id. */
  async addDraft(accessToken: string, article: MpDraftArticle): Promise<string> {
    const body = JSON.stringify({ articles: [article] });
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body };
    const reply = await this.call('draft/add', `/cgi-bin/draft/add?${new URLSearchParams({ access_token: accessToken })}`, init);
    if (typeof reply.media_id !== 'string' || reply.media_id === '') throw new MpApiError('wechat-mp: draft/add reply has no media_id', 'BAD_RESPONSE', BAD_ANSWER);
    return reply.media_id;
  }

  /** POST /cgi-bin/freepublish/submit: the draft handed to publishing → publish_id. errcode 0 means only queued. */
  async submitPublish(accessToken: string, mediaId: string): Promise<string> {
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify({ media_id: mediaId }) };
    const reply = await this.call('freepublish/submit', `/cgi-bin/freepublish/submit?${new URLSearchParams({ access_token: accessToken })}`, init);
    const publishId = typeof reply.publish_id === 'number' ? String(reply.publish_id) : reply.publish_id;
    if (typeof publishId !== 'string' || publishId === '') throw new MpApiError('wechat-mp: freepublish/submit reply has no publish_id', 'BAD_RESPONSE', BAD_ANSWER);
    return publishId;
  }

  /** POST /cgi-bin/freepublish/get: where a publish job is (publish_status), its article's address once published, the failed articles' numbers. */
  async getPublish(accessToken: string, publishId: string): Promise<MpPublishStatus> {
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify({ publish_id: publishId }) };
    const reply = await this.call('freepublish/get', `/cgi-bin/freepublish/get?${new URLSearchParams({ access_token: accessToken })}`, init);
    const status = reply.publish_status;
    if (typeof status !== 'number' || !Number.isInteger(status)) throw new MpApiError('wechat-mp: freepublish/get reply has no publish_status', 'BAD_RESPONSE', BAD_ANSWER);
    const detail = reply.article_detail as { item?: { article_url?: unknown }[] } | undefined;
    const url = detail?.item?.[0]?.article_url;
    const failIdx = Array.isArray(reply.fail_idx) ? reply.fail_idx.filter((n): n is number => typeof n === 'number') : [];
    return { status, ...(typeof url === 'string' && /^https?:\/\//.test(url) ? { articleUrl: url } : {}), failIdx };
  }

  private call(name: string, path: string, init: RequestInit): Promise<Record<string, unknown>> {
    const call = { label: 'wechat-mp', name, origin: this.origin, path, init, timeoutMs: this.timeoutMs, secret: this.appSecret, errmsgMax: 300 };
    return callWechat(call, ({ kind, message, errcode, errmsg = '' }) => {
      const shown = kind === 'WECHAT_ERROR' ? errcodeMessage(errcode!, errmsg) : kind === 'TIMEOUT' ? TIMED_OUT : kind === 'NETWORK_ERROR' ? UNREACHABLE : BAD_ANSWER;
      return new MpApiError(message, kind, shown, errcode, errmsg);
    });
  }
}

const BAD_ANSWER = '微信接口返回了无法识别的内容，请稍后重试';
const TIMED_OUT = '微信接口响应超时，请稍后重试';
const UNREACHABLE = '无法连接微信接口，请稍后重试';
