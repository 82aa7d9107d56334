import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../src/billing/payment/payment-provider.js';
import { WechatPayProvider } from '../../src/billing/payment/wechatpay/wechatpay-provider.js';
import { createTestWechatPayConfig, startWechatPayFake, type WechatPayFake } from '../fakes/wechatpay-fake-server.js';

let fake: WechatPayFake;
let provider: WechatPayProvider;
const notifyUrl = 'https://tianma.example/api/account/pay/notify/wechat/refund';

beforeAll(async () => {
  fake = await startWechatPayFake();
  provider = new WechatPayProvider(createTestWechatPayConfig(fake));
});
afterAll(() => fake.close());

/** An order paid at the fake. */
async function paid(total = 2000) {
  const outTradeNo = `TM${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  await provider.createNativeOrder({ outTradeNo, description: '天马金币充值', amountFen: total, expiresAt: new Date(Date.now() + 600_000), notifyUrl: 'https://tianma.example/n' });
  fake.markPaid(outTradeNo);
  return outTradeNo;
}

const refundNo = () => `RF${Date.now()}${Math.floor(Math.random() * 1e6)}`;

describe('WeChat Pay v3 refunds (adapter against the fake)', () => {
  it('creates a refund with a signed request, answers the same refund for the same number, and queries it', async () => {
    const outTradeNo = await paid();
    const outRefundNo = refundNo();
    const input = { outTradeNo, outRefundNo, refundFen: 700, totalFen: 2000, reason: '用户申请退款', notifyUrl };
    const first = await provider.createRefund(input);
    expect(first).toMatchObject({ outRefundNo, outTradeNo, status: 'PROCESSING', refundFen: 700, totalFen: 2000 });
    expect(await provider.createRefund(input)).toMatchObject({ refundId: first.refundId });
    expect(fake.refunds.size).toBeGreaterThanOrEqual(1);
    fake.completeRefund(outRefundNo);
    expect(await provider.queryRefund(outRefundNo)).toMatchObject({ refundId: first.refundId, status: 'SUCCESS' });
    expect(await provider.queryRefund('RFNOSUCHREFUND')).toBeNull();
  });

  it('is refused, authentically, beyond what is left of the order: nothing happened there', async () => {
    const outTradeNo = await paid();
    await provider.createRefund({ outTradeNo, outRefundNo: refundNo(), refundFen: 1500, totalFen: 2000, notifyUrl });
    const error = await provider.createRefund({ outTradeNo, outRefundNo: refundNo(), refundFen: 501, totalFen: 2000, notifyUrl }).catch((e) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', status: 400, refused: true });
  });

  it('does not count a reply without a valid signature as a refusal (the refund may exist)', async () => {
    const outTradeNo = await paid();
    fake.behaviour.corruptResponseSignature = true;
    try {
      const error = await provider.createRefund({ outTradeNo, outRefundNo: refundNo(), refundFen: 100, totalFen: 2000, notifyUrl }).catch((e) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error.refused).toBe(false);
    } finally {
      fake.behaviour.corruptResponseSignature = false;
    }
  });

  it('verifies and decrypts refund notifications with the payment verifier, refusing forged ones and payment notifications', async () => {
    const outTradeNo = await paid();
    const outRefundNo = refundNo();
    await provider.createRefund({ outTradeNo, outRefundNo, refundFen: 2000, totalFen: 2000, notifyUrl });
    const good = fake.buildRefundNotification(outRefundNo);
    expect(await provider.parseRefundNotification(good.headers, Buffer.from(good.body))).toMatchObject({
      outRefundNo,
      outTradeNo,
      status: 'SUCCESS',
      refundFen: 2000,
      totalFen: 2000,
      mchid: fake.mchid,
    });
    for (const options of [{ badSignature: true }, { signtest: true }, { timestampOffsetSeconds: 900 }, { serial: 'PUB_KEY_ID_OTHER' }]) {
      const forged = fake.buildRefundNotification(outRefundNo, options);
      await expect(provider.parseRefundNotification(forged.headers, Buffer.from(forged.body))).rejects.toBeInstanceOf(PaymentProviderError);
    }
    const tampered = fake.buildRefundNotification(outRefundNo);
    await expect(provider.parseRefundNotification(tampered.headers, Buffer.from(tampered.body.replace('"refund"', '"refund "')))).rejects.toMatchObject({
      code: 'BAD_SIGNATURE',
    });
    const payment = fake.buildNotification(outTradeNo);
    await expect(provider.parseRefundNotification(payment.headers, Buffer.from(payment.body))).rejects.toMatchObject({ code: 'BAD_BODY' });
  });

  it('checks its input before sending anything', async () => {
    const base = { outTradeNo: 'TM000000', outRefundNo: 'RF1', refundFen: 100, totalFen: 200, notifyUrl };
    for (const bad of [{ refundFen: 0 }, { refundFen: 300 }, { outRefundNo: 'has space' }, { notifyUrl: 'http://tianma.example/x' }]) {
      await expect(provider.createRefund({ ...base, ...bad })).rejects.toMatchObject({ code: 'INVALID_INPUT', refused: true });
    }
  });
});
