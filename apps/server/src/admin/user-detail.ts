import { and, desc, eq, gt, inArray, sql, sum } from 'drizzle-orm';
import { isProRow } from '../accounts/pro-gate.js';
import { sessions, users } from '../accounts/tables.js';
import { articles } from '../articles/tables.js';
import { coinLedger, paymentOrders, paymentRefunds } from '../billing/tables.js';
import type { Db } from '../platform/db/index.js';
import { AppError, notFound } from '../platform/errors.js';
import { type AuditEntry, recordAudit } from './audit.js';
import { adminAudit } from './tables.js';

export const DETAIL_LEDGER_ROWS = 50;
export const DETAIL_ORDER_ROWS = 20;
export const DETAIL_ARTICLE_ROWS = 20;
export const DETAIL_SESSION_ROWS = 50;
/** One `user.view` entry per operator and user within this long: a reload is not a new look. */
export const VIEW_AUDIT_WINDOW_MINUTES = 10;
export const VIEW_REASON = '查看用户详情';

type Operator = AuditEntry['operator'];

/** The eight groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(ip: string): string[] | null {
  if (!/^[0-9a-f:]+$/i.test(ip) || !ip.includes(':')) return null;
  const halves = ip.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<string>(missing).fill('0'), ...tail];
}

/**
 * A session's address as the console shows it: the network, not the device — the first two parts
 * of an IPv4 address (`203.0.*.*`), the first three groups of an IPv6 one (`2001:db8:85a3:*`).
 */
export function maskIp(ip: string | null): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.*.*`;
  const groups = ipv6Groups(ip.replace(/%.*$/, ''));
  if (groups) return `${groups.slice(0, 3).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}:*`;
  return '***';
}

/**
 * One user as an operator sees them (issue 21, point 3; decision 082): the account with its full
 * contacts, the latest ledger entries, orders, articles, live sessions and the coins owed from
 * refunds. The look itself is written to the audit log (at most once per operator and user in
 * VIEW_AUDIT_WINDOW_MINUTES); the contacts never are.
 */
export async function userDetail(db: Db, operator: Operator, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('未找到该用户');
  const [ledger, orders, written, live, [owed]] = await Promise.all([
    db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(desc(coinLedger.createdAt), desc(coinLedger.id)).limit(DETAIL_LEDGER_ROWS),
    db.select().from(paymentOrders).where(eq(paymentOrders.userId, userId)).orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id)).limit(DETAIL_ORDER_ROWS),
    db
      .select({ articleId: articles.articleId, title: articles.title, wordCount: articles.wordCount, createdAt: articles.createdAt, isPublic: articles.isPublic, hiddenAt: articles.hiddenAt })
      .from(articles)
      .where(eq(articles.userId, userId))
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(DETAIL_ARTICLE_ROWS),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
      .limit(DETAIL_SESSION_ROWS),
    db.select({ coins: sum(paymentRefunds.coinsOwed) }).from(paymentRefunds).where(eq(paymentRefunds.userId, userId)),
  ]);
  const orderIds = orders.map((order) => order.id);
  const refunded = orderIds.length
    ? await db
        .select({ orderId: paymentRefunds.orderId, fen: sum(paymentRefunds.amountFen) })
        .from(paymentRefunds)
        .where(and(inArray(paymentRefunds.orderId, orderIds), eq(paymentRefunds.status, 'refunded')))
        .groupBy(paymentRefunds.orderId)
    : [];
  // NOTE: a SUM over a bigint is numeric and arrives as a string (billing/tables.ts).
  const refundedFen = new Map(refunded.map((row) => [row.orderId, Number(row.fen ?? 0)]));

  await recordView(db, operator, userId);

  return {
    user: {
      userId: user.id,
      username: user.username,
      phone: user.phone,
      email: user.email,
      userType: isProRow(user) ? 'pro' : 'basic',
      level: user.level,
      subscriptionExpiry: user.subscriptionExpiry?.toISOString() ?? null,
      coinBalance: user.coinBalance,
      locked: user.lockedAt !== null,
      lockedAt: user.lockedAt?.toISOString() ?? null,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
    },
    ledger: ledger.map((row) => ({ at: row.createdAt.toISOString(), delta: row.delta, balanceAfter: row.balanceAfter, kind: row.kind, reason: row.reason, ref: row.ref })),
    orders: orders.map((order) => ({
      outTradeNo: order.outTradeNo,
      amountFen: order.amountFen,
      coins: order.coins,
      status: order.status,
      paidAt: order.paidAt?.toISOString() ?? null,
      refundedFen: refundedFen.get(order.id) ?? 0,
    })),
    articles: written.map((article) => ({
      articleId: article.articleId,
      title: article.title,
      wordCount: article.wordCount,
      createdAt: article.createdAt.toISOString(),
      isPublic: article.isPublic,
      hidden: article.hiddenAt !== null,
    })),
    sessions: live.map((session) => ({
      id: session.id,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      userAgent: session.userAgent,
      ip: maskIp(session.ip),
    })),
    coinsOwed: Number(owed?.coins ?? 0),
  };
}

/** `user.view`, unless this operator's last look at this user is recent. No contacts in it. */
async function recordView(db: Db, operator: Operator, userId: number): Promise<void> {
  const target = `user:${userId}`;
  const [recent] = await db
    .select({ id: adminAudit.id })
    .from(adminAudit)
    .where(
      and(
        gt(adminAudit.at, sql`now() - make_interval(mins => ${VIEW_AUDIT_WINDOW_MINUTES}::int)`),
        eq(adminAudit.action, 'user.view'),
        eq(adminAudit.target, target),
        operator.id === null ? sql`${adminAudit.operatorId} is null` : eq(adminAudit.operatorId, operator.id),
      ),
    )
    .limit(1);
  if (!recent) await recordAudit(db, { operator, action: 'user.view', target, reason: VIEW_REASON });
}

export type ProChange = { action: 'grant'; days: number; reason: string } | { action: 'end'; reason: string };

const proState = (row: { level: number; subscriptionExpiry: Date | null }) => ({ level: row.level, subscriptionExpiry: row.subscriptionExpiry?.toISOString() ?? null });

/**
 * Grants Pro for `days` (from the later of now and the current expiry, the level raised to 1 as a
 * paid month does) or ends it now (the expiry set to now, the level kept: a lapsed subscription),
 * with its audit entry in the same transaction. No coins move.
 */
export async function changeUserPro(db: Db, operator: Operator, userId: number, change: ProChange) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, level: users.level, subscriptionExpiry: users.subscriptionExpiry }).from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!user) throw notFound('未找到该用户');
    const pro = isProRow(user);
    // NOTE: level above 0 without an expiry is Pro with no end; a grant would give it one.
    if (change.action === 'grant' && pro && user.subscriptionExpiry === null) throw new AppError('CONFLICT', '该用户的高级版没有到期时间，无需延长');
    if (change.action === 'end' && !pro) throw new AppError('CONFLICT', '该用户当前不是高级版，无需结束');
    const set =
      change.action === 'grant'
        ? {
            level: sql`greatest(${users.level}, 1)`,
            subscriptionExpiry: sql`greatest(now(), coalesce(${users.subscriptionExpiry}, now())) + make_interval(days => ${change.days}::int)`,
          }
        : { subscriptionExpiry: sql`now()` };
    const [after] = await tx
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ level: users.level, subscriptionExpiry: users.subscriptionExpiry });
    await recordAudit(tx, {
      operator,
      action: change.action === 'grant' ? 'user.pro.grant' : 'user.pro.end',
      target: `user:${userId}`,
      before: proState(user),
      after: change.action === 'grant' ? { ...proState(after!), days: change.days } : proState(after!),
      reason: change.reason,
    });
    return { userType: isProRow(after!) ? 'pro' : 'basic', ...proState(after!) };
  });
}
