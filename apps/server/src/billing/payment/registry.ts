import type { Config } from '../../config/env.js';
import type { PaymentProvider } from './payment-provider.js';
import { SandboxPaymentProvider } from './sandbox/sandbox-provider.js';
import { loadWechatPayKeys, WechatPayProvider } from './wechatpay/wechatpay-provider.js';

export interface PaymentSetup {
  provider: PaymentProvider;
  /** Present only on the embedded default: its page and confirm call are registered. */
  sandbox?: SandboxPaymentProvider;
  notifyUrl: string;
  /** Where refund notifications go; by default the payment notification's URL + `/refund` (refundNotifyUrlOf). */
  refundNotifyUrl?: string;
}

/**
 * The refund notification's URL: configured, or the payment notification's URL followed by
 * `/refund` (`/api/account/pay/notify/wechat/refund`, registered beside the payment's).
 */
export function refundNotifyUrlOf(setup: Pick<PaymentSetup, 'notifyUrl' | 'refundNotifyUrl'>): string {
  return setup.refundNotifyUrl ?? `${setup.notifyUrl.replace(/\/+$/, '')}/refund`;
}

export function createPaymentProvider(config: Config): PaymentSetup {
  const payment = config.payment;
  if (payment.provider === 'wechat') {
    const keys = loadWechatPayKeys({
      merchantPrivateKeyPem: payment.privateKeyPem,
      wechatpayPublicKeyId: payment.publicKeyId,
      wechatpayPublicKeyPem: payment.publicKeyPem,
      platformCertificatePems: payment.platformCertPems,
    });
    const provider = new WechatPayProvider({
      baseUrl: payment.baseUrl,
      mchid: payment.mchid,
      appid: payment.appid,
      merchantSerialNo: payment.merchantSerialNo,
      merchantPrivateKeyPem: keys.merchantPrivateKey,
      apiV3Key: payment.apiV3Key,
      wechatpayPublicKeys: keys.wechatpayPublicKeys,
    });
    return { provider, notifyUrl: payment.notifyUrl };
  }
  const sandbox = new SandboxPaymentProvider(config.publicUrl);
  return { provider: sandbox, sandbox, notifyUrl: `${config.publicUrl}/api/account/pay/notify/wechat` };
}
