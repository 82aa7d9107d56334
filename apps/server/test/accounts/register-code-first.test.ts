import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verificationCodes } from '../../src/accounts/tables.js';
import { freshIp, latestCode, post, registerViaHttp, STRONG_PASSWORD, uniqueIdentity } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * Registration checks the code before it says anything about the name, phone or e-mail (issue 15):
 * a taken name answered 409 用户名已存在 to a wrong code and a free one 400, so names could be listed
 * without any code. The code's own rules stay as they were: a wrong code counts one try whatever
 * the name (three void it), a right code counts none, and it is used up only by the account it creates.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

type Identity = ReturnType<typeof uniqueIdentity>;

/** Sends a REGISTER code to a fresh phone and answers the phone's identity and its code. */
async function withCode(): Promise<Identity & { code: string }> {
  const identity = uniqueIdentity('coder');
  const send = await post(t, '/api/account/sms/send-code', { phoneNumber: identity.phoneNumber, type: 'REGISTER' }, undefined, { 'x-forwarded-for': freshIp() });
  expect(send.statusCode).toBe(200);
  return { ...identity, code: await latestCode(t, identity.phoneNumber) };
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

function register(fields: { username: string; phoneNumber?: string; email?: string; verificationCode: string }) {
  return post(t, '/api/account/auth/register', { type: 'REGISTER', password: STRONG_PASSWORD, email: '', phoneNumber: '', ...fields }, undefined, {
    'x-forwarded-for': freshIp(),
  });
}

const attemptsOn = async (phone: string) =>
  (await t.database.db.select().from(verificationCodes).where(and(eq(verificationCodes.target, phone), eq(verificationCodes.purpose, 'REGISTER'))))[0]!;

describe('registration checks the code first', () => {
  it('answers a wrong code alike for a taken and a free name, phone or e-mail', async () => {
    const existing = await registerViaHttp(t);
    const a = await withCode();
    const b = await withCode();
    const answers = [
      await register({ username: existing.username.toUpperCase(), phoneNumber: a.phoneNumber, verificationCode: wrong(a.code) }),
      await register({ username: b.username, phoneNumber: b.phoneNumber, verificationCode: wrong(b.code) }),
      await register({ username: uniqueIdentity().username, phoneNumber: existing.phoneNumber, verificationCode: '123456' }),
      await register({ username: uniqueIdentity().username, email: existing.email, verificationCode: '123456' }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/^验证码/) });
    }
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
  });

  it('counts a wrong code as one try whatever the name: the third voids the code', async () => {
    const existing = await registerViaHttp(t);
    const mine = await withCode();
    const messages: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      messages.push((await register({ username: existing.username, phoneNumber: mine.phoneNumber, verificationCode: wrong(mine.code) })).json().message);
    }
    expect(messages).toEqual(['验证码错误', '验证码错误', '验证码错误次数过多，请重新获取']);
    const late = await register({ username: mine.username, phoneNumber: mine.phoneNumber, verificationCode: mine.code });
    expect(late.json()).toMatchObject({ success: false, message: '验证码已过期或无效，请重新获取' });
    expect(await t.database.db.$count(users, eq(users.phone, mine.phoneNumber))).toBe(0);
  });

  it('tells only the holder of the right code that the name is taken, and keeps the code for another name', async () => {
    const existing = await registerViaHttp(t);
    const mine = await withCode();
    const clash = await register({ username: existing.username, phoneNumber: mine.phoneNumber, verificationCode: mine.code });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ success: false, message: '用户名已存在' });
    // A right code is no wrong try, and is not used up by a refusal.
    expect(await attemptsOn(mine.phoneNumber)).toMatchObject({ attempts: 0, consumedAt: null });

    const created = await register({ username: mine.username, phoneNumber: mine.phoneNumber, verificationCode: mine.code });
    expect(created.statusCode, created.body).toBe(200);
    expect((await attemptsOn(mine.phoneNumber)).consumedAt).not.toBeNull();
    const reused = await register({ username: uniqueIdentity().username, phoneNumber: mine.phoneNumber, verificationCode: mine.code });
    expect(reused.json()).toMatchObject({ success: false, message: '验证码已过期或无效，请重新获取' });
  });

  it('lets two registrations with one right code create one account', async () => {
    const mine = await withCode();
    const answers = await Promise.all([
      register({ username: mine.username, phoneNumber: mine.phoneNumber, verificationCode: mine.code }),
      register({ username: `${mine.username}x`, phoneNumber: mine.phoneNumber, verificationCode: mine.code }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(await t.database.db.$count(users, eq(users.phone, mine.phoneNumber))).toBe(1);
  });
});
