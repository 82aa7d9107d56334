import { sessionResponseSchema } from '@tianma/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginViaHttp, post, registerViaHttp } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const session = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/account/session', headers: cookie ? { cookie } : {} });
const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/account/user/me', headers: cookie ? { cookie } : {} });

describe('GET /api/account/session', () => {
  it('answers 200 with authenticated false without a session, with a forged one and after logout; /me keeps its 401', async () => {
    for (const cookie of [undefined, 'tm_session=forged-token']) {
      const res = await session(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, authenticated: false, user: null });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await me(cookie)).statusCode).toBe(401);
    }
    const identity = await registerViaHttp(t);
    const { cookie } = await loginViaHttp(t, identity.username);
    const signedIn = await session(cookie);
    expect(signedIn.statusCode).toBe(200);
    const body = sessionResponseSchema.parse(signedIn.json());
    expect(body).toMatchObject({ authenticated: true, user: { username: identity.username, userAuth: { coinBalance: 300 } } });
    // The same user as /me answers.
    expect(body.user).toEqual((await me(cookie)).json().user);

    await post(t, '/api/account/user/logout', {}, cookie);
    expect((await session(cookie)).json()).toMatchObject({ authenticated: false, user: null });
  });
});
