import {
  changePasswordSchema,
  emailLoginSchema,
  emailSendCodeSchema,
  passwordLoginSchema,
  registerSchema,
  resetPasswordSchema,
  sendResetCodeSchema,
  smsLoginSchema,
  smsSendCodeSchema,
} from '@tianma/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import { type Auth, assertSameUser } from './auth.js';
import { AVATAR_MAX_BYTES, replaceAvatar } from './avatar.js';
import { changePassword, resetPassword, sendResetCode } from './change-password.js';
import { type OnAccountCreated, registerUser } from './register-user.js';
import { createSession, revokeSession } from './sessions.js';
import { signInWithCode, signInWithPassword } from './sign-in.js';
import type { UserRow } from './tables.js';
import { presentUser } from './user-presenter.js';
import { CODE_MESSAGES, type CodeStore } from './verification/code-store.js';

export interface AccountRouteDeps {
  db: Db;
  auth: Auth;
  codes: CodeStore;
  storage: ObjectStorage;
  logger: Logger;
  /** What a new account gets besides itself (the composition root passes billing's registration coins). */
  onAccountCreated: OnAccountCreated;
}

/** Per-IP limits on the calls a guesser would hammer (429 with Retry-After). */
const SIGN_IN_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };
const REGISTER_LIMIT = { rateLimit: { max: 30, timeWindow: '1 hour' } };

export function registerAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  const { db, auth, codes } = deps;
  const base = '/api/account';

  const startSession = async (request: FastifyRequest, reply: FastifyReply, user: UserRow, remember: boolean) => {
    const { token } = await createSession(db, { userId: user.id, remember, userAgent: request.headers['user-agent'], ip: request.ip });
    auth.setSessionCookie(request, reply, token, remember);
    const presented = presentUser(user);
    return { success: true, msg: '登录成功', user: presented, userType: presented.userType };
  };

  app.post(`${base}/user/verify`, { config: SIGN_IN_LIMIT }, async (request, reply) => {
    const body = passwordLoginSchema.parse(request.body);
    const user = await signInWithPassword(db, body.username, body.password);
    return startSession(request, reply, user, body.rememberMe);
  });

  app.post(`${base}/sms/verify`, { config: SIGN_IN_LIMIT }, async (request, reply) => {
    const body = smsLoginSchema.parse(request.body);
    const user = await signInWithCode({ db, codes }, { channel: 'sms', target: body.phoneNumber, code: body.code });
    return startSession(request, reply, user, body.rememberMe);
  });

  app.post(`${base}/email/verify`, { config: SIGN_IN_LIMIT }, async (request, reply) => {
    const body = emailLoginSchema.parse(request.body);
    const user = await signInWithCode({ db, codes }, { channel: 'email', target: body.email, code: body.code });
    return startSession(request, reply, user, body.rememberMe);
  });

  app.post(`${base}/sms/send-code`, async (request) => {
    const body = smsSendCodeSchema.parse(request.body);
    const { resendAfterSeconds } = await codes.issue({ channel: 'sms', target: body.phoneNumber, purpose: body.type, ip: request.ip });
    return { success: true, msg: CODE_MESSAGES.sent, message: CODE_MESSAGES.sent, resendAfterSeconds };
  });

  app.post(`${base}/email/send-code`, async (request) => {
    const body = emailSendCodeSchema.parse(request.body);
    const { resendAfterSeconds } = await codes.issue({ channel: 'email', target: body.email, purpose: body.type, ip: request.ip });
    return { success: true, msg: CODE_MESSAGES.sent, message: CODE_MESSAGES.sent, resendAfterSeconds };
  });

  app.post(`${base}/auth/register`, { config: REGISTER_LIMIT }, async (request) => {
    const body = registerSchema.parse(request.body);
    await registerUser({ db, codes, onCreated: deps.onAccountCreated }, body);
    return { success: true, message: '注册成功', msg: '注册成功' };
  });

  app.get(`${base}/user/me`, async (request, reply) => {
    const { user } = await auth.requireUser(request, reply);
    reply.header('Cache-Control', 'no-store');
    return { success: true, user: presentUser(user) };
  });

  // The session check of every page (docs/api-additions.md): 200 signed in or not, so a signed-out
  // visit logs no failed request; /user/me keeps API.md's 401.
  app.get(`${base}/session`, async (request, reply) => {
    const current = await auth.currentUser(request, reply);
    reply.header('Cache-Control', 'no-store');
    return current ? { success: true, authenticated: true, user: presentUser(current.user) } : { success: true, authenticated: false, user: null };
  });

  app.post(`${base}/user/logout`, async (request, reply) => {
    const current = await auth.currentUser(request, reply);
    if (current) await revokeSession(db, current.token, auth.caching);
    auth.clearSessionCookie(request, reply);
    return { success: true, message: '已退出登录' };
  });

  app.post(`${base}/user/change-password`, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const body = changePasswordSchema.parse(request.body);
    assertSameUser(current, body.deepspaceId);
    await changePassword(db, current, body, auth.caching);
    return { success: true, message: '密码修改成功' };
  });

  app.post(`${base}/user/send-reset-code`, async (request) => {
    const body = sendResetCodeSchema.parse(request.body);
    const { resendAfterSeconds } = await sendResetCode({ db, codes }, { phone: body.phone, ip: request.ip });
    return { success: true, message: CODE_MESSAGES.sent, resendAfterSeconds };
  });

  app.post(`${base}/user/reset-password`, { config: SIGN_IN_LIMIT }, async (request) => {
    const body = resetPasswordSchema.parse(request.body);
    await resetPassword({ db, codes, caching: auth.caching }, body);
    return { success: true, message: '密码重置成功，请重新登录' };
  });

  app.post(`${base}/user/upload-avatar`, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    if (!request.isMultipart()) throw new AppError('BAD_REQUEST', '请以表单方式上传图片文件');
    let file: Buffer | undefined;
    let deepspaceId: string | undefined;
    try {
      for await (const part of request.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } })) {
        if (part.type === 'file') {
          if (part.fieldname === 'file') file = await part.toBuffer();
          else await part.toBuffer();
        } else if (part.fieldname === 'deepspaceId') {
          deepspaceId = String(part.value);
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', '图片大小不能超过 2MB');
      if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', '一次只能上传一张图片');
      if (error instanceof AppError) throw error;
      // A malformed or cut-off form (busboy: "Unexpected end of form", "Malformed part header") is the client's.
      throw new AppError('BAD_REQUEST', '上传内容不完整或格式有误，请重新上传', { cause: error });
    }
    assertSameUser(current, deepspaceId);
    if (!file) throw new AppError('BAD_REQUEST', '请选择要上传的图片');
    const avatarUrl = await replaceAvatar(deps, current, file);
    return { success: true, avatarUrl, message: '头像上传成功' };
  });
}
