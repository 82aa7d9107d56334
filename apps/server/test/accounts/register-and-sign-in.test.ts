import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinLedger } from '../../src/billing/tables.js';
import { users } from '../../src/accounts/tables.js';
import { latestCode, loginViaHttp, post, registerViaHttp, STRONG_PASSWORD, sessionCookie, uniqueIdentity } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/account/user/me', headers: cookie ? { cookie } : {} });

describe('registration', () => {
  it('registers with a code from the outbox and grants 300 coins through the ledger', async () => {
    const identity = await registerViaHttp(t);
    const { body, cookie } = await loginViaHttp(t, identity.username);
    expect(body).toMatchObject({ success: true, userType: 'basic', user: { username: identity.username, userType: 'basic' } });
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: identity.username, email: identity.email, userAuth: { level: 0, coinBalance: 300 } });
    expect(res.json().user.deepspaceId).toBeGreaterThan(0);

    const [row] = await t.database.db.select().from(users).where(eq(users.username, identity.username));
    const ledger = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, row!.id));
    expect(ledger).toEqual([expect.objectContaining({ delta: 300, balanceAfter: 300, kind: 'registration_gift' })]);
  });

  it('registers with only an e-mail, proving it with an e-mail code', async () => {
    const identity = uniqueIdentity('mail');
    const send = await post(t, '/api/account/email/send-code', { email: identity.email.toUpperCase(), type: 'REGISTER' });
    expect(send.json()).toEqual({ success: true, msg: '验证码已发送', message: '验证码已发送', resendAfterSeconds: 60 });
    const res = await post(t, '/api/account/auth/register', {
      username: identity.username,
      phoneNumber: '',
      email: identity.email,
      type: 'REGISTER',
      password: STRONG_PASSWORD,
      verificationCode: await latestCode(t, identity.email),
    });
    expect(res.json()).toMatchObject({ success: true, message: '注册成功' });
  });

  it('refuses a taken username in any letter case, and a taken phone after the code', async () => {
    const first = await registerViaHttp(t);
    const again = uniqueIdentity();
    await post(t, '/api/account/sms/send-code', { phoneNumber: again.phoneNumber, type: 'REGISTER' });
    const clash = await post(t, '/api/account/auth/register', {
      ...again,
      username: first.username.toUpperCase(),
      type: 'REGISTER',
      password: STRONG_PASSWORD,
      verificationCode: await latestCode(t, again.phoneNumber),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ success: false, message: '用户名已存在' });

    const samePhone = { ...uniqueIdentity(), phoneNumber: first.phoneNumber };
    await post(t, '/api/account/sms/send-code', { phoneNumber: samePhone.phoneNumber, type: 'REGISTER' }, undefined, { 'x-forwarded-for': '10.9.9.9' });
    const phoneClash = await post(t, '/api/account/auth/register', {
      ...samePhone,
      type: 'REGISTER',
      password: STRONG_PASSWORD,
      verificationCode: await latestCode(t, samePhone.phoneNumber),
    });
    expect(phoneClash.statusCode).toBe(409);
    expect(phoneClash.json().message).toBe('该手机号已被注册');
  });

  it.each([
    [{ phoneNumber: '', email: '' }, '请至少填写手机号或邮箱'],
    [{ phoneNumber: '12345' }, '请输入正确的手机号格式'],
    [{ password: 'abc' }, '密码强度不足：密码长度至少8位，需包含数字，需包含特殊字符'],
    [{ username: 'a' }, '用户名需为2-20位中文、字母、数字或下划线，且不能是纯数字'],
    [{ username: '13800138000' }, '用户名需为2-20位中文、字母、数字或下划线，且不能是纯数字'],
    [{ verificationCode: '12' }, '验证码为6位数字'],
  ])('refuses %o with a Chinese message and creates nothing', async (change, message) => {
    const identity = uniqueIdentity('bad');
    const before = await t.database.db.$count(users);
    const res = await post(t, '/api/account/auth/register', {
      ...identity,
      type: 'REGISTER',
      password: STRONG_PASSWORD,
      verificationCode: '123456',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    expect(await t.database.db.$count(users)).toBe(before);
  });

  it('refuses malformed JSON and wrong types with 400', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/account/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false, message: '请求体不是有效的 JSON' });
    const wrongType = await post(t, '/api/account/user/verify', { username: ['x'], password: 1 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().success).toBe(false);
  });
});

describe('sign-in', () => {
  it('signs in by username in any case, by phone and by e-mail with the password', async () => {
    const identity = await registerViaHttp(t);
    for (const name of [identity.username.toUpperCase(), identity.phoneNumber, identity.email]) {
      const { body } = await loginViaHttp(t, name);
      expect(body.user.username).toBe(identity.username);
    }
  });

  it('signs in by SMS code and by e-mail code, each code once', async () => {
    const identity = await registerViaHttp(t);
    await post(t, '/api/account/sms/send-code', { phoneNumber: identity.phoneNumber, type: 'LOGIN' }, undefined, { 'x-forwarded-for': '10.1.1.1' });
    const smsCode = await latestCode(t, identity.phoneNumber);
    const bySms = await post(t, '/api/account/sms/verify', { phoneNumber: identity.phoneNumber, code: smsCode, type: 'LOGIN' });
    expect(bySms.statusCode).toBe(200);
    expect(bySms.json().user.userAuth.coinBalance).toBe(300);
    const reuse = await post(t, '/api/account/sms/verify', { phoneNumber: identity.phoneNumber, code: smsCode, type: 'LOGIN' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('验证码已过期或无效，请重新获取');

    await post(t, '/api/account/email/send-code', { email: identity.email }, undefined, { 'x-forwarded-for': '10.1.1.2' });
    const byEmail = await post(t, '/api/account/email/verify', { email: identity.email, code: await latestCode(t, identity.email) });
    expect(byEmail.statusCode).toBe(200);
    expect((await me(sessionCookie(byEmail))).json().user.username).toBe(identity.username);
  });

  it('says an unregistered phone is unregistered only to whoever holds its code', async () => {
    const stranger = uniqueIdentity('nobody');
    const send = await post(t, '/api/account/sms/send-code', { phoneNumber: stranger.phoneNumber, type: 'LOGIN' }, undefined, {
      'x-forwarded-for': '10.2.2.2',
    });
    expect(send.json()).toEqual({ success: true, msg: '验证码已发送', message: '验证码已发送', resendAfterSeconds: 60 });
    const wrong = await post(t, '/api/account/sms/verify', { phoneNumber: stranger.phoneNumber, code: '000000', type: 'LOGIN' });
    expect(wrong.json().message).toMatch(/验证码/);
    const right = await post(t, '/api/account/sms/verify', {
      phoneNumber: stranger.phoneNumber,
      code: await latestCode(t, stranger.phoneNumber),
      type: 'LOGIN',
    });
    expect(right.statusCode).toBe(404);
    expect(right.json().message).toBe('该手机号尚未注册，请先注册');
  });

  it('gives the same answer for an unknown name and a wrong password', async () => {
    const identity = await registerViaHttp(t);
    const wrong = await post(t, '/api/account/user/verify', { username: identity.username, password: 'Wrong#1234' });
    const unknown = await post(t, '/api/account/user/verify', { username: 'no_such_writer', password: 'Wrong#1234' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ success: false, msg: '用户名或密码错误' });
  });
});

describe('sessions and cookies', () => {
  it('sets an httpOnly SameSite=Lax cookie for 7 days, 30 with 记住密码', async () => {
    const identity = await registerViaHttp(t);
    const plain = await post(t, '/api/account/user/verify', { username: identity.username, password: STRONG_PASSWORD });
    const cookie = String(plain.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=604800/);
    expect(cookie).not.toMatch(/Secure/);
    const remembered = await post(t, '/api/account/user/verify', { username: identity.username, password: STRONG_PASSWORD, rememberMe: true });
    expect(String(remembered.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
  });

  it('answers /me with 401 without a session, with a forged one, and after logout', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me()).json()).toMatchObject({ success: false, msg: '请先登录' });
    expect((await me('tm_session=forged-token')).statusCode).toBe(401);
    const identity = await registerViaHttp(t);
    const { cookie } = await loginViaHttp(t, identity.username);
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await post(t, '/api/account/user/logout', {}, cookie);
    expect(out.json()).toMatchObject({ success: true });
    expect(String(out.headers['set-cookie'])).toMatch(/tm_session=;/);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('never returns or logs a password, hash, code or token', async () => {
    const identity = await registerViaHttp(t);
    const { cookie, body } = await loginViaHttp(t, identity.username);
    const token = cookie.split('=')[1]!;
    const [row] = await t.database.db.select().from(users).where(eq(users.username, identity.username));
    const everything = JSON.stringify(body) + (await me(cookie)).body;
    for (const secret of [STRONG_PASSWORD, row!.passwordHash, token]) {
      expect(everything).not.toContain(secret);
      expect(t.logs.join('\n')).not.toContain(secret);
    }
    expect(body.user).not.toHaveProperty('phone');
    expect(body.user).not.toHaveProperty('passwordHash');
  });
});

describe('secure cookies behind HTTPS', () => {
  it('marks the cookie Secure when the public URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://tianma.example' });
    try {
      const identity = await registerViaHttp(secure);
      const res = await post(secure, '/api/account/user/verify', { username: identity.username, password: STRONG_PASSWORD });
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });
});
