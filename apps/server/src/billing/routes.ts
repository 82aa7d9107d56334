import { payCreateSchema } from '@tianma/shared';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { type Auth, assertSameUser } from '../accounts/auth.js';
import { findUserById } from '../accounts/find-user.js';
import { presentUser } from '../accounts/user-presenter.js';
import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import { readBillingHistory } from './billing-history.js';
import { createOrder } from './orders/create-order.js';
import { findOwnOrder } from './orders/find-order.js';
import { OUT_TRADE_NO_PATTERN } from './orders/out-trade-no.js';
import { refreshPendingOrder } from './orders/refresh-order.js';
import type { PaymentProvider } from './payment/payment-provider.js';
import { presentLedgerEntry, presentOrder } from './presenters.js';

export interface BillingRouteDeps {
  db: Db;
  auth: Auth;
  provider: PaymentProvider;
  logger: Logger;
  notifyUrl: string;
}

export function registerBillingRoutes(app: FastifyInstance, deps: BillingRouteDeps): void {
  const { db, auth } = deps;

  app.post('/api/account/pay/create', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const body = payCreateSchema.parse(request.body ?? {});
    const order = await createOrder(deps, { userId: current.user.id, amount: body.amount, payType: body.payType });
    return {
      success: true,
      codeUrl: order.codeUrl,
      outTradeNo: order.outTradeNo,
      message: '订单创建成功',
      order: presentOrder(order),
    };
  });

  app.get<{ Querystring: { outTradeNo?: string; deepspaceId?: string } }>('/api/account/pay/status', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const { outTradeNo, deepspaceId } = request.query;
    assertSameUser(current, deepspaceId);
    if (!outTradeNo || !OUT_TRADE_NO_PATTERN.test(outTradeNo)) throw new AppError('BAD_REQUEST', '订单号无效');
    let order = await findOwnOrder(db, current.user.id, outTradeNo);
    if (!order) throw new AppError('NOT_FOUND', '订单不存在');
    if (order.status === 'pending') {
      await refreshPendingOrder(deps, order);
      order = (await findOwnOrder(db, current.user.id, outTradeNo))!;
    }
    const user = await findUserById(db, current.user.id);
    reply.header('Cache-Control', 'no-store');
    const paid = order.status === 'paid';
    return {
      success: true,
      paid,
      status: order.status,
      user: presentUser(user!),
      message: paid ? '支付成功' : order.status === 'closed' ? '订单已关闭' : '等待支付',
      order: presentOrder(order),
    };
  });

  // The signed-in user's own money history: orders and ledger entries (the spec has no such page).
  app.get('/api/account/billing/history', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const { orders, entries } = await readBillingHistory(db, current.user.id);
    reply.header('Cache-Control', 'no-store');
    return { success: true, orders: orders.map(presentOrder), entries: entries.map(presentLedgerEntry) };
  });
}
