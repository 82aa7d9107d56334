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

/** WeChat Pay's refund states (also the sandbox's). */
export type RefundState = 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';

export interface RefundInput {
  outTradeNo: string;
  /** Ours, 1–64 characters of [0-9A-Za-z_-|*@]; the provider treats a repeated number as the same refund. */
  outRefundNo: string;
  refundFen: number;
  /** The order's total in fen. */
  totalFen: number;
  /** Shown to the payer; cut to 80 characters. */
  reason?: string;
  /** HTTPS, no query string: where the refund notification goes. */
  notifyUrl: string;
}

/** What the provider says about a refund, from the create answer, a query or a verified notification. */
export interface ProviderRefund {
  outRefundNo: string;
  outTradeNo?: string;
  /** The provider's refund id. */
  refundId: string;
  status: RefundState;
  /** This refund's amount and the order's total, in fen, as the provider recorded them. */
  refundFen?: number;
  totalFen?: number;
  successTime?: string;
  /** Present in notifications: the merchant it is for. */
  mchid?: string;
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
  /** Asks for a refund of part or all of a paid order; the same outRefundNo again is the same refund. */
  createRefund(input: RefundInput): Promise<ProviderRefund>;
  /** Null when the provider does not know the refund (RESOURCE_NOT_EXISTS). */
  queryRefund(outRefundNo: string): Promise<ProviderRefund | null>;
  /** Verifies and decrypts a refund notification exactly as parseNotification does a payment's. */
  parseRefundNotification(headers: Record<string, string | undefined>, rawBody: Buffer): Promise<ProviderRefund>;
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
    /**
     * True only when the provider itself answered, authentically, that it refused the call (a
     * signed 4xx): nothing was done there. A timeout, a 5xx or an unsigned reply leaves it unknown.
     */
    readonly refused = false,
  ) {
    super(message);
  }
}
