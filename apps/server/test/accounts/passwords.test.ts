import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, loginViaHttp, post, registerViaHttp, STRONG_PASSWORD, uniqueIdentity } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/account/user/me', headers: { cookie } });
const NEW_PASSWORD = 'Fresh@2026pass';

describe('change password', () => {
  it('needs the current password and signs out every other session', async () => {
    const identity = await registerViaHttp(t);
    const here = await loginViaHttp(t, identity.username);
    const elsewhere = await loginViaHttp(t, identity.username);
    const res = await post(
      t,
      '/api/account/user/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, deepspaceId: here.body.user.deepspaceId },
      here.cookie,
    );
    expect(res.json()).toEqual({ success: true, message: '密码修改成功' });
    expect((await me(here.cookie)).statusCode).toBe(200);
    expect((await me(elsewhere.cookie)).statusCode).toBe(401);
    await loginViaHttp(t, identity.username, NEW_PASSWORD);
    expect((await post(t, '/api/account/user/verify', { username: identity.username, password: STRONG_PASSWORD })).statusCode).toBe(401);
  });

  it.each([
    [{ currentPassword: 'Wrong#1234' }, '当前密码错误'],
    [{ confirmPassword: 'Other#2026x' }, '新密码和确认密码不匹配'],
    [{ newPassword: 'abc1!', confirmPassword: 'abc1!' }, '密码长度至少8位'],
    [{ currentPassword: '' }, '请填写完整信息'],
  ])('refuses %o and keeps the old password', async (change, message) => {
    const identity = await registerViaHttp(t);
    const { cookie } = await loginViaHttp(t, identity.username);
    const res = await post(
      t,
      '/api/account/user/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ...change },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    await loginViaHttp(t, identity.username, STRONG_PASSWORD);
  });

  it('accepts a weak but long enough new password: the strength is advice (spec accounts §5)', async () => {
    const identity = await registerViaHttp(t);
    const { cookie, body } = await loginViaHttp(t, identity.username);
    const res = await post(
      t,
      '/api/account/user/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'weakpass', confirmPassword: 'weakpass', deepspaceId: body.user.deepspaceId },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: '密码修改成功' });
    await loginViaHttp(t, identity.username, 'weakpass');
  });

  it("refuses another user's deepspaceId with 403, and no session with 401", async () => {
    const identity = await registerViaHttp(t);
    const other = await registerViaHttp(t);
    const { cookie } = await loginViaHttp(t, identity.username);
    const { body: otherBody } = await loginViaHttp(t, other.username);
    const payload = { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const forbidden = await post(t, '/api/account/user/change-password', { ...payload, deepspaceId: String(otherBody.user.deepspaceId) }, cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ success: false, message: '无权访问其他用户的数据' });
    const anonymous = await post(t, '/api/account/user/change-password', payload);
    expect(anonymous.statusCode).toBe(401);
    await loginViaHttp(t, other.username, STRONG_PASSWORD);
  });
});

describe('reset password by SMS', () => {
  it('resets with the code and signs out every session', async () => {
    const identity = await registerViaHttp(t);
    const session = await loginViaHttp(t, identity.username);
    const send = await post(t, '/api/account/user/send-reset-code', { phone: identity.phoneNumber }, undefined, { 'x-forwarded-for': '10.70.0.1' });
    expect(send.json()).toEqual({ success: true, message: '验证码已发送', resendAfterSeconds: 60 });
    const res = await post(t, '/api/account/user/reset-password', {
      phone: identity.phoneNumber,
      code: await latestCode(t, identity.phoneNumber, 'RESET'),
      newPassword: NEW_PASSWORD,
    });
    expect(res.json()).toEqual({ success: true, message: '密码重置成功，请重新登录' });
    expect((await me(session.cookie)).statusCode).toBe(401);
    await loginViaHttp(t, identity.phoneNumber, NEW_PASSWORD);
  });

  it('refuses a wrong code, a too short password and a bad phone, changing nothing', async () => {
    const identity = await registerViaHttp(t);
    await post(t, '/api/account/user/send-reset-code', { phone: identity.phoneNumber }, undefined, { 'x-forwarded-for': '10.70.0.2' });
    const code = await latestCode(t, identity.phoneNumber, 'RESET');
    const short = await post(t, '/api/account/user/reset-password', { phone: identity.phoneNumber, code, newPassword: 'ab1!' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ success: false, message: '密码长度至少8位' });
    const wrongCode = await post(t, '/api/account/user/reset-password', {
      phone: identity.phoneNumber,
      code: code === '999999' ? '888888' : '999999',
      newPassword: NEW_PASSWORD,
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().message).toBe('验证码错误');
    const badPhone = await post(t, '/api/account/user/send-reset-code', { phone: '123' });
    expect(badPhone.json().message).toBe('请输入有效的手机号');
    await loginViaHttp(t, identity.username, STRONG_PASSWORD);
  });

  it('accepts a weak but long enough password: the strength is advice (spec accounts §5), and the code is spent once', async () => {
    const identity = await registerViaHttp(t);
    await post(t, '/api/account/user/send-reset-code', { phone: identity.phoneNumber }, undefined, { 'x-forwarded-for': '10.70.0.4' });
    const code = await latestCode(t, identity.phoneNumber, 'RESET');
    // A short password is refused before the code is spent: the same code still resets afterwards.
    const short = await post(t, '/api/account/user/reset-password', { phone: identity.phoneNumber, code, newPassword: '1234567' });
    expect(short.json()).toMatchObject({ success: false, message: '密码长度至少8位' });
    const res = await post(t, '/api/account/user/reset-password', { phone: identity.phoneNumber, code, newPassword: '12345678' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: '密码重置成功，请重新登录' });
    await loginViaHttp(t, identity.phoneNumber, '12345678');
  });

  it('answers an unregistered phone like a registered one when sending', async () => {
    const res = await post(t, '/api/account/user/send-reset-code', { phone: uniqueIdentity().phoneNumber }, undefined, { 'x-forwarded-for': '10.70.0.3' });
    expect(res.json()).toEqual({ success: true, message: '验证码已发送', resendAfterSeconds: 60 });
  });
});
