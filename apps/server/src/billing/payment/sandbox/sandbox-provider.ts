import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import type { NativeOrderInput, PaymentProvider, ProviderRefund, ProviderTransaction, RefundInput, TradeState } from '../payment-provider.js';
import { PaymentProviderError } from '../payment-provider.js';
import { encryptResource, randomNonce, signRsaSha256 } from '../wechatpay/crypto.js';
import { createNotificationVerifier } from '../wechatpay/notification-verifier.js';
import { beijingTime } from '../wechatpay/wechatpay-provider.js';

const SANDBOX_SERIAL = 'PUB_KEY_ID_SANDBOX';

interface SandboxOrder {
  amountFen: number;
  state: TradeState;
  transactionId?: string;
  successTime?: string;
}

interface SandboxRefund extends ProviderRefund {
  refundFen: number;
}

/**
 * The embedded default payment provider. Its QR code opens our own confirmation page; confirming
 * produces a notification encrypted and signed exactly as WeChat Pay's, with the sandbox's own
 * keys, which then travels through the same verification and crediting path as a real one.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly mchid = 'SANDBOX_MCH';
  readonly appid = 'SANDBOX_APP';
  private readonly orders = new Map<string, SandboxOrder>();
  private readonly refunds = new Map<string, SandboxRefund>();
  private readonly privateKeyPem: string;
  private readonly apiV3Key = randomBytes(16).toString('hex');
  private readonly verifier;

  constructor(private readonly publicUrl: string) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    this.verifier = createNotificationVerifier({
      apiV3Key: this.apiV3Key,
      publicKeys: new Map<string, KeyObject>([[SANDBOX_SERIAL, publicKey]]),
    });
  }

  async createNativeOrder(input: NativeOrderInput): Promise<{ codeUrl: string }> {
    if (!this.orders.has(input.outTradeNo)) this.orders.set(input.outTradeNo, { amountFen: input.amountFen, state: 'NOTPAY' });
    return { codeUrl: `${this.publicUrl}/pay/sandbox/${input.outTradeNo}` };
  }

  async queryOrder(outTradeNo: string): Promise<ProviderTransaction | null> {
    const order = this.orders.get(outTradeNo);
    if (!order) return null;
    return {
      outTradeNo,
      tradeState: order.state,
      transactionId: order.transactionId,
      amountFen: order.amountFen,
      successTime: order.successTime,
      mchid: this.mchid,
      appid: this.appid,
    };
  }

  async closeOrder(outTradeNo: string): Promise<void> {
    const order = this.orders.get(outTradeNo);
    if (order?.state === 'SUCCESS') throw new PaymentProviderError('order already paid', 'ORDER_PAID', 400);
    if (order) order.state = 'CLOSED';
  }

  parseNotification(headers: Record<string, string | undefined>, rawBody: Buffer): Promise<ProviderTransaction> {
    return Promise.resolve(this.verifier.verify(headers, rawBody));
  }

  /**
   * Refunds succeed at once, as WeChat Pay's do when the money goes straight back to the payer's
   * balance; the sandbox checks what WeChat checks (cumulative refunds within the total, the same
   * number answering the same refund). Its memory does not outlive the process, so an order it
   * does not know (paid before a restart) is refunded against the total it is given.
   */
  async createRefund(input: RefundInput): Promise<ProviderRefund> {
    const known = this.refunds.get(input.outRefundNo);
    if (known) {
      if (known.outTradeNo !== input.outTradeNo || known.refundFen !== input.refundFen) {
        throw new PaymentProviderError('sandbox: out_refund_no already used for another refund', 'INVALID_REQUEST', 400, true);
      }
      return { ...known };
    }
    const order = this.orders.get(input.outTradeNo);
    if (order && order.state !== 'SUCCESS') throw new PaymentProviderError('sandbox: order not paid', 'INVALID_REQUEST', 400, true);
    if (order && order.amountFen !== input.totalFen) throw new PaymentProviderError('sandbox: total differs from the order', 'INVALID_REQUEST', 400, true);
    const refunded = [...this.refunds.values()].filter((r) => r.outTradeNo === input.outTradeNo).reduce((sum, r) => sum + r.refundFen, 0);
    if (!Number.isSafeInteger(input.refundFen) || input.refundFen <= 0 || refunded + input.refundFen > input.totalFen) {
      throw new PaymentProviderError('sandbox: refund exceeds what is left of the order', 'INVALID_REQUEST', 400, true);
    }
    const refund: SandboxRefund = {
      outRefundNo: input.outRefundNo,
      outTradeNo: input.outTradeNo,
      refundId: `SANDBOXRF${Date.now()}${randomBytes(6).toString('hex')}`,
      status: 'SUCCESS',
      refundFen: input.refundFen,
      totalFen: input.totalFen,
      successTime: beijingTime(new Date()),
    };
    this.refunds.set(input.outRefundNo, refund);
    return { ...refund };
  }

  async queryRefund(outRefundNo: string): Promise<ProviderRefund | null> {
    const refund = this.refunds.get(outRefundNo);
    return refund ? { ...refund } : null;
  }

  parseRefundNotification(headers: Record<string, string | undefined>, rawBody: Buffer): Promise<ProviderRefund> {
    return Promise.resolve(this.verifier.verifyRefund(headers, rawBody));
  }

  /**
   * The "payer" confirms: the sandbox records the payment and answers the notification that
   * WeChat would send, ready to be delivered to our notify endpoint.
   */
  confirmPayment(outTradeNo: string, amountFen: number): { headers: Record<string, string>; body: string } {
    const known = this.orders.get(outTradeNo);
    const order: SandboxOrder = known ?? { amountFen, state: 'NOTPAY' };
    if (order.state !== 'SUCCESS') {
      order.state = 'SUCCESS';
      order.transactionId = `SANDBOX${Date.now()}${randomBytes(6).toString('hex')}`;
      order.successTime = beijingTime(new Date());
    }
    this.orders.set(outTradeNo, order);

    const transaction = {
      mchid: this.mchid,
      appid: this.appid,
      out_trade_no: outTradeNo,
      transaction_id: order.transactionId,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      success_time: order.successTime,
      payer: { openid: 'sandbox-payer' },
      amount: { total: order.amountFen, payer_total: order.amountFen, currency: 'CNY', payer_currency: 'CNY' },
    };
    const resourceNonce = randomNonce().slice(0, 12);
    const body = JSON.stringify({
      id: `sandbox-${randomBytes(8).toString('hex')}`,
      create_time: beijingTime(new Date()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encryptResource(JSON.stringify(transaction), this.apiV3Key, resourceNonce, 'transaction'),
        associated_data: 'transaction',
        nonce: resourceNonce,
      },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomNonce();
    const signature = signRsaSha256(`${timestamp}\n${nonce}\n${body}\n`, this.privateKeyPem);
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-serial': SANDBOX_SERIAL,
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature': signature,
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      },
      body,
    };
  }
}
