import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeMessage, CodeSender } from '../../src/accounts/verification/senders/code-sender.js';
import { devOutbox, users, verificationCodes } from '../../src/accounts/tables.js';
import { ageCodes, freshIp, post, registerViaHttp, uniqueIdentity } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { gate } from '../helpers/generation.js';

/**
 * Reset codes go only to phones that have an account (issue 15): each SMS costs money, and a code
 * sent to a stranger's phone is spam. A phone without an account gets the same answer, the same
 * send limits and the same time to answer, and nothing is sent.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const sendReset = (app: TestApp, phone: string, ip = freshIp()) => post(app, '/api/account/user/send-reset-code', { phone }, undefined, { 'x-forwarded-for': ip });
const resetCodes = (app: TestApp, phone: string) =>
  app.database.db.select().from(verificationCodes).where(and(eq(verificationCodes.target, phone), eq(verificationCodes.purpose, 'RESET')));

/** Polls until `probe` answers something truthy, or fails after `ms`. */
async function eventually<T>(probe: () => Promise<T>, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a reset code for a phone with no account', () => {
  it('answers exactly as for a phone with an account, and sends nothing', async () => {
    const known = await registerViaHttp(t);
    const stranger = uniqueIdentity().phoneNumber;
    const forKnown = await sendReset(t, known.phoneNumber);
    const forStranger = await sendReset(t, stranger);
    expect(forStranger.statusCode).toBe(forKnown.statusCode);
    expect(forStranger.json()).toEqual(forKnown.json());
    expect(forStranger.json()).toMatchObject({ success: true, message: '验证码已发送' });

    await eventually(async () => (await t.database.db.select().from(devOutbox).where(eq(devOutbox.target, known.phoneNumber))).some((row) => row.purpose === 'RESET'));
    expect(await t.database.db.select().from(devOutbox).where(eq(devOutbox.target, stranger))).toEqual([]);
    const outbox = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json() as { to: string }[];
    expect(outbox.some((entry) => entry.to === stranger)).toBe(false);
  });

  it('counts against the same send limits, and a guessed code is refused like any wrong code', async () => {
    const known = await registerViaHttp(t);
    const stranger = uniqueIdentity().phoneNumber;
    await sendReset(t, known.phoneNumber);
    await sendReset(t, stranger);
    const [againKnown, againStranger] = [await sendReset(t, known.phoneNumber), await sendReset(t, stranger)];
    expect(againStranger.statusCode).toBe(429);
    expect(againStranger.json()).toEqual(againKnown.json());
    expect(againStranger.headers['retry-after']).toBe(againKnown.headers['retry-after']);
    expect(await resetCodes(t, stranger)).toHaveLength(1);

    const guess = (phone: string) => post(t, '/api/account/user/reset-password', { phone, code: '000000', newPassword: 'Tianma#2026' });
    const [guessKnown, guessStranger] = [await guess(known.phoneNumber), await guess(stranger)];
    expect(guessStranger.statusCode).toBe(400);
    expect(guessStranger.json()).toEqual(guessKnown.json());
  });

  it('counts against the per-IP limit like any other send', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) expect((await sendReset(t, uniqueIdentity().phoneNumber, ip)).statusCode).toBe(200);
    const known = await registerViaHttp(t);
    await ageCodes(t, known.phoneNumber, 61_000);
    const eleventh = await sendReset(t, known.phoneNumber, ip);
    expect(eleventh.statusCode).toBe(429);
  });
});

describe('the sender', () => {
  const calls: CodeMessage[] = [];
  const delivered: CodeMessage[] = [];
  let release = gate();
  const FAILING_PHONE = '13600000500';
  const sender: CodeSender = {
    name: 'recording',
    async send(message) {
      calls.push(message);
      if (message.target === FAILING_PHONE) throw new Error('the SMS vendor refused');
      await release.opened;
      delivered.push(message);
    },
  };
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp({ TRUST_PROXY: 'true' }, { senders: { sms: sender, email: sender } });
  });
  afterAll(async () => {
    release.open();
    await quiet.close();
  });

  let nextId = 0;
  async function accountWithPhone(phone = uniqueIdentity().phoneNumber) {
    nextId += 1;
    await quiet.database.db.insert(users).values({ deepspaceId: 700_000_000 + nextId, username: `reset_${nextId}`, phone, passwordHash: 'x' });
    return phone;
  }

  it('is never called for a phone with no account', async () => {
    const stranger = uniqueIdentity().phoneNumber;
    const res = await sendReset(quiet, stranger);
    expect(res.json()).toMatchObject({ success: true, message: '验证码已发送' });
    expect(await resetCodes(quiet, stranger)).toHaveLength(1);
    expect(calls.filter((message) => message.target === stranger)).toEqual([]);
  });

  it('does not hold the answer for an account: the time to answer says nothing either', async () => {
    release = gate();
    const phone = await accountWithPhone();
    // The sender is held until after the answer: were the answer waiting for it, it would never come.
    const answer = await Promise.race([
      sendReset(quiet, phone),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the answer waited for the SMS')), 10_000)),
    ]);
    expect(answer.json()).toMatchObject({ success: true, message: '验证码已发送' });
    expect(calls.filter((message) => message.target === phone)).toHaveLength(1);
    expect(delivered.filter((message) => message.target === phone)).toEqual([]);
    release.open();
    await eventually(async () => delivered.some((message) => message.target === phone && message.purpose === 'RESET'));
  });

  it('voids the code and logs when the delivery fails after the answer', async () => {
    const phone = await accountWithPhone(FAILING_PHONE);
    expect((await sendReset(quiet, phone)).json()).toMatchObject({ success: true });
    await eventually(async () => (await resetCodes(quiet, phone))[0]?.consumedAt);
    await eventually(async () => quiet.logs.some((line) => line.includes('verification code delivery failed')));
  });
});
