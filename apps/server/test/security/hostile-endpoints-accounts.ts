import { type EndpointSpec, jsonEndpoint, urlEndpoint } from './hostile-cases.js';

/** The account service (`/api/account`): sign-in, codes, registration, passwords, the session. */

const STRONG_NEW = 'Tianma#2026x';
const WRONG = 'Wrong#pass99';

export const ACCOUNT_ENDPOINTS: EndpointSpec[] = [
  jsonEndpoint({
    name: 'POST /api/account/user/verify',
    url: () => '/api/account/user/verify',
    base: () => ({ username: 'nobody_hostile', password: WRONG, rememberMe: false }),
  }),
  jsonEndpoint({
    name: 'POST /api/account/sms/verify',
    url: () => '/api/account/sms/verify',
    base: () => ({ phoneNumber: '13900000077', code: '000000', type: 'LOGIN', rememberMe: false }),
    enums: { type: ['REGISTER', 'ADMIN', 'login'] },
  }),
  jsonEndpoint({
    name: 'POST /api/account/email/verify',
    url: () => '/api/account/email/verify',
    base: () => ({ email: 'nobody-hostile@example.cn', code: '000000', rememberMe: false }),
  }),
  jsonEndpoint({
    name: 'POST /api/account/sms/send-code',
    url: () => '/api/account/sms/send-code',
    // Valid as it stands: every case changes one field to something refused.
    base: () => ({ phoneNumber: '13900000078', type: 'LOGIN' }),
    enums: { type: ['RESET', 'ADMIN', 'login'] },
  }),
  jsonEndpoint({
    name: 'POST /api/account/email/send-code',
    url: () => '/api/account/email/send-code',
    base: () => ({ email: 'nobody-hostile@example.cn', type: 'LOGIN' }),
    enums: { type: ['RESET', 'ADMIN', 'login'] },
  }),
  jsonEndpoint({
    name: 'POST /api/account/auth/register',
    url: () => '/api/account/auth/register',
    base: () => ({
      username: 'hostile_reg',
      phoneNumber: '13900000079',
      email: 'hostile-reg@example.cn',
      type: 'REGISTER',
      password: STRONG_NEW,
      verificationCode: '000000',
    }),
    enums: { type: ['LOGIN', 'ADMIN'] },
  }),
  jsonEndpoint({
    name: 'POST /api/account/user/change-password',
    url: () => '/api/account/user/change-password',
    cookie: (ctx) => ctx.pwUser.cookie,
    base: (ctx) => ({ currentPassword: WRONG, newPassword: STRONG_NEW, confirmPassword: STRONG_NEW, deepspaceId: ctx.pwUser.deepspaceId }),
  }),
  jsonEndpoint({
    name: 'POST /api/account/user/send-reset-code',
    url: () => '/api/account/user/send-reset-code',
    base: () => ({ phone: '13900000080' }),
  }),
  jsonEndpoint({
    name: 'POST /api/account/user/reset-password',
    url: () => '/api/account/user/reset-password',
    base: () => ({ phone: '13900000080', code: '000000', newPassword: STRONG_NEW }),
  }),
  // The session cookie is these calls' only input.
  urlEndpoint({
    name: 'GET /api/account/user/me',
    authed: true,
    own: () => '/api/account/user/me',
    urls: () => ({}),
  }),
  urlEndpoint({
    name: 'GET /api/account/session',
    authed: true,
    own: () => '/api/account/session',
    urls: () => ({}),
    // The session check answers 200 to anyone (authenticated:false without a valid session).
    cookieMayAccept: true,
  }),
  urlEndpoint({
    name: 'POST /api/account/user/logout',
    method: 'POST',
    authed: true,
    own: () => '/api/account/user/logout',
    urls: () => ({}),
    // Logging out without a valid session is a no-op answered 200; what matters is that a forged
    // or injected token signs nobody out (the sessions count is compared).
    cookieMayAccept: true,
  }),
];
