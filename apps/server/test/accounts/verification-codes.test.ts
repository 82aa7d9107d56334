import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../../src/accounts/tables.js';
import { ageCodes, freshIp, latestCode, post, registerViaHttp, uniqueIdentity } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const sendLoginCode = (phoneNumber: string, ip = freshIp()) =>
  post(t, '/api/account/sms/send-code', { phoneNumber, type: 'LOGIN' }, undefined, { 'x-forwarded-for': ip });
const smsLogin = (phoneNumber: string, code: string) => post(t, '/api/account/sms/verify', { phoneNumber, code, type: 'LOGIN' });
const age = (target: string, ms: number) => ageCodes(t, target, ms);

describe('verification codes', () => {
  it('are 6 digits and stored only as an HMAC', async () => {
    const { phoneNumber } = uniqueIdentity();
    await sendLoginCode(phoneNumber);
    const code = await latestCode(t, phoneNumber);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, phoneNumber));
    expect(row!.codeHmac).not.toContain(code);
    expect(row!.codeHmac.length).toBeGreaterThan(30);
  });

  it('expire after 5 minutes', async () => {
    const identity = await registerViaHttp(t);
    await sendLoginCode(identity.phoneNumber);
    const code = await latestCode(t, identity.phoneNumber);
    await age(identity.phoneNumber, 5 * 60_000 + 1000);
    const res = await smsLogin(identity.phoneNumber, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('验证码已过期或无效，请重新获取');
  });

  it('are void after 3 wrong tries, even for the right code afterwards', async () => {
    const identity = await registerViaHttp(t);
    await sendLoginCode(identity.phoneNumber);
    const code = await latestCode(t, identity.phoneNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await smsLogin(identity.phoneNumber, wrong)).json().message).toBe('验证码错误');
    expect((await smsLogin(identity.phoneNumber, wrong)).json().message).toBe('验证码错误');
    expect((await smsLogin(identity.phoneNumber, wrong)).json().message).toBe('验证码错误次数过多，请重新获取');
    expect((await smsLogin(identity.phoneNumber, code)).statusCode).toBe(400);
  });

  it('keep one live code per target and purpose: a new one voids the old', async () => {
    const identity = await registerViaHttp(t);
    await sendLoginCode(identity.phoneNumber);
    const first = await latestCode(t, identity.phoneNumber);
    await age(identity.phoneNumber, 61_000);
    expect((await sendLoginCode(identity.phoneNumber)).statusCode).toBe(200);
    const second = await latestCode(t, identity.phoneNumber);
    const live = await t.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, identity.phoneNumber), sql`${verificationCodes.consumedAt} is null`));
    expect(live).toHaveLength(1);
    if (first !== second) expect((await smsLogin(identity.phoneNumber, first)).statusCode).toBe(400);
    expect((await smsLogin(identity.phoneNumber, second)).statusCode).toBe(200);
  });

  it('cannot be used for another purpose', async () => {
    // A phone with an account: a reset code goes to no other (reset-code-privacy.test.ts).
    const { phoneNumber } = await registerViaHttp(t);
    await post(t, '/api/account/user/send-reset-code', { phone: phoneNumber }, undefined, { 'x-forwarded-for': freshIp() });
    const resetCode = await latestCode(t, phoneNumber, 'RESET');
    expect((await smsLogin(phoneNumber, resetCode)).statusCode).toBe(400);
  });
});

describe('send limits', () => {
  it('allow one send per minute per target, with Retry-After', async () => {
    const { phoneNumber } = uniqueIdentity();
    const first = await sendLoginCode(phoneNumber);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, resendAfterSeconds: 60 });
    const again = await sendLoginCode(phoneNumber);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
    expect(again.json().message).toMatch(/^验证码发送过于频繁，请\d+秒后重试$/);
  });

  it('allow 5 per hour and 10 per day per phone', async () => {
    const { phoneNumber } = uniqueIdentity();
    for (let i = 0; i < 5; i += 1) {
      expect((await sendLoginCode(phoneNumber)).statusCode).toBe(200);
      await age(phoneNumber, 61_000);
    }
    const sixth = await sendLoginCode(phoneNumber);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('验证码发送次数过多，请一小时后再试');

    await age(phoneNumber, 3600_000);
    for (let i = 0; i < 5; i += 1) {
      expect((await sendLoginCode(phoneNumber)).statusCode).toBe(200);
      await age(phoneNumber, 61_000);
    }
    await age(phoneNumber, 3600_000);
    const eleventh = await sendLoginCode(phoneNumber);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe('今日验证码发送次数已达上限，请明天再试');
  });

  it('allow 10 per hour per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) expect((await sendLoginCode(uniqueIdentity().phoneNumber, ip)).statusCode).toBe(200);
    const eleventh = await sendLoginCode(uniqueIdentity().phoneNumber, ip);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toBeDefined();
  });

  it('answer a known and an unknown phone alike', async () => {
    const known = await registerViaHttp(t);
    await age(known.phoneNumber, 61_000);
    const a = await sendLoginCode(known.phoneNumber);
    const b = await sendLoginCode(uniqueIdentity().phoneNumber);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
  });

  it('take a shorter interval from TEST_CODE_RESEND_SECONDS, and say it in the answer', async () => {
    const quick = await createTestApp({ TRUST_PROXY: 'true', TEST_CODE_RESEND_SECONDS: '2' });
    try {
      const { phoneNumber, email } = uniqueIdentity();
      const send = () => post(quick, '/api/account/sms/send-code', { phoneNumber, type: 'LOGIN' }, undefined, { 'x-forwarded-for': freshIp() });
      expect((await send()).json()).toMatchObject({ success: true, resendAfterSeconds: 2 });
      const again = await send();
      expect(again.statusCode).toBe(429);
      expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(2);
      await ageCodes(quick, phoneNumber, 2000);
      expect((await send()).statusCode).toBe(200);
      const mail = await post(quick, '/api/account/email/send-code', { email, type: 'LOGIN' }, undefined, { 'x-forwarded-for': freshIp() });
      expect(mail.json()).toMatchObject({ success: true, resendAfterSeconds: 2 });
      const reset = await post(quick, '/api/account/user/send-reset-code', { phone: uniqueIdentity().phoneNumber }, undefined, { 'x-forwarded-for': freshIp() });
      expect(reset.json()).toMatchObject({ success: true, resendAfterSeconds: 2 });
    } finally {
      await quick.close();
    }
  });

  it('refuse bad phone numbers and purposes with Chinese messages', async () => {
    const badPhone = await post(t, '/api/account/sms/send-code', { phoneNumber: '2380013800', type: 'LOGIN' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toBe('请输入正确的手机号格式');
    const badType = await post(t, '/api/account/sms/send-code', { phoneNumber: '13800138000', type: 'ADMIN' });
    expect(badType.json().message).toBe('验证码类型无效');
    const empty = await post(t, '/api/account/sms/send-code', { type: 'LOGIN' });
    expect(empty.json().message).toBe('请输入手机号');
  });
});
