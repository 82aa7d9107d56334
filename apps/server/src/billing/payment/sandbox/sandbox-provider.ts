import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import type { NativeOrderInput, PaymentProvider, ProviderTransaction, TradeState } from '../payment-provider.js';
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
