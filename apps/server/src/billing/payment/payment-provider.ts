/**
 * The payment port. The sandbox (embedded default) and WeChat Pay API v3 Native implement it;
 * both deliver notifications through the same verification code (WECHATPAY.md).
 */
export type TradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';

export interface NativeOrderInput {
  /** 6–32 characters of [0-9A-Za-z_-|*], unique forever. */
  outTradeNo: string;
  /** ≤ 127 characters. */
  description: string;
  amountFen: number;
  expiresAt: Date;
  /** HTTPS, no query string. */
  notifyUrl: string;
}

/** What the provider says about a transaction, from a query or a verified notification. */
export interface ProviderTransaction {
  outTradeNo: string;
  tradeState: TradeState;
  transactionId?: string;
  /** Order total in fen as the provider recorded it. */
  amountFen?: number;
  successTime?: string;
  mchid: string;
  appid: string;
}

export interface PaymentProvider {
  readonly name: 'wechat' | 'sandbox';
  /** The merchant and app ids a genuine notification must carry. */
  readonly mchid: string;
  readonly appid: string;
  createNativeOrder(input: NativeOrderInput): Promise<{ codeUrl: string }>;
  /** Null when the provider does not know the order (ORDER_NOT_EXIST). */
  queryOrder(outTradeNo: string): Promise<ProviderTransaction | null>;
  closeOrder(outTradeNo: string): Promise<void>;
  /**
   * Verifies (serial, timestamp window, signature) and decrypts a notification. Throws
   * PaymentProviderError for anything forged, stale, a SIGNTEST probe, or undecryptable.
   */
  parseNotification(headers: Record<string, string | undefined>, rawBody: Buffer): Promise<ProviderTransaction>;
}

/** A provider failure in our own terms; `message` carries no keys or signatures. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    message: string,
    /** e.g. SIGN_ERROR, OUT_TRADE_NO_USED, ORDER_NOT_EXIST, BAD_SIGNATURE, STALE_TIMESTAMP, SIGNTEST, DECRYPT_FAILED, HTTP_502 */
    readonly code: string,
    /** HTTP status of the provider's answer, when there was one. */
    readonly status?: number,
  ) {
    super(message);
  }
}
