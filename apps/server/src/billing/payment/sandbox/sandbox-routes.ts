import { formatYuan } from '@tianma/shared';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../../accounts/auth.js';
import type { Db } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/errors.js';
import { NOTIFY_PATH } from '../../notify-routes.js';
import { findOwnOrder } from '../../orders/find-order.js';
import { setPagePolicy } from '../../../platform/http/security-headers.js';
import { renderSandboxPage, SANDBOX_SCRIPT, SANDBOX_SCRIPT_PATH, SANDBOX_STYLE } from './sandbox-page.js';
import type { SandboxPaymentProvider } from './sandbox-provider.js';

/**
 * The sandbox's side of the payment: the page its QR code opens, and the confirmation that makes
 * the sandbox deliver a signed notification to our own notify endpoint (the same path WeChat uses).
 */
export function registerSandboxRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth; provider: SandboxPaymentProvider }): void {
  const ownOrder = async (userId: number, outTradeNo: string) => {
    const order = await findOwnOrder(deps.db, userId, outTradeNo);
    if (!order) throw new AppError('NOT_FOUND', '订单不存在');
    return order;
  };

  app.get(SANDBOX_SCRIPT_PATH, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(SANDBOX_SCRIPT),
  );

  app.get<{ Params: { outTradeNo: string } }>('/pay/sandbox/:outTradeNo', async (request, reply) => {
    const current = await deps.auth.currentUser(request, reply);
    const order = current ? await ownOrder(current.user.id, request.params.outTradeNo).catch(() => null) : null;
    const html = renderSandboxPage(
      order
        ? { outTradeNo: order.outTradeNo, description: order.description, amountYuan: formatYuan(order.amountFen), coins: order.coins, status: order.status }
        : { missing: current ? '订单不存在，或不属于当前登录的账户' : '请先在本浏览器登录下单的账户，再打开此页面' },
    );
    return setPagePolicy(reply, [SANDBOX_STYLE]).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  });

  app.post<{ Params: { outTradeNo: string } }>('/api/account/pay/sandbox/:outTradeNo/confirm', async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    const order = await ownOrder(current.user.id, request.params.outTradeNo);
    if (order.status === 'paid') return { success: true, message: '订单已支付' };
    if (order.status === 'closed') throw new AppError('CONFLICT', '订单已关闭，请重新下单');
    const notification = deps.provider.confirmPayment(order.outTradeNo, order.amountFen);
    const delivered = await app.inject({ method: 'POST', url: NOTIFY_PATH, headers: notification.headers, payload: notification.body });
    if (delivered.statusCode !== 204) {
      request.log.error({ status: delivered.statusCode, body: delivered.body }, 'sandbox notification was refused');
      throw new AppError('INTERNAL', '沙箱支付通知处理失败');
    }
    return { success: true, message: '支付成功' };
  });
}
