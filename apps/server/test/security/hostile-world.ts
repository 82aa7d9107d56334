import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generationTasks } from '../../src/generation/tables.js';
import { articles } from '../../src/articles/tables.js';
import { users } from '../../src/accounts/tables.js';
import { freshIp } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/app.js';
import { createOrderViaHttp, signedInProUser, signedInUser } from '../helpers/billing.js';
import { multipart, type MultipartPart } from '../helpers/multipart.js';
import type { HostileContext } from './hostile-cases.js';

/** The world the hostile cases act on: two users, and the things the second one owns. */

export type User = Awaited<ReturnType<typeof signedInUser>>;

async function userRowId(t: TestApp, user: User): Promise<number> {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, user.username));
  return row!.id;
}

async function seedArticle(t: TestApp, user: User): Promise<string> {
  const articleId = `a${randomBytes(8).toString('hex')}`;
  await t.database.db.insert(articles).values({ articleId, userId: await userRowId(t, user), title: '私有文章', summary: '摘要', content: '# 私有文章\n\n正文' });
  return articleId;
}

/**
 * A task that another worker is running (so no worker of this app claims it): a stream, status
 * or cancel that reached it would show in the answer or in the database.
 */
async function seedRunningTask(t: TestApp, user: User): Promise<string> {
  const taskId = `t${randomBytes(8).toString('hex')}`;
  await t.database.db.insert(generationTasks).values({
    taskId,
    articleId: `a${randomBytes(8).toString('hex')}`,
    userId: await userRowId(t, user),
    advanced: false,
    topic: '别人的任务',
    request: {},
    status: 'running',
    currentStep: 'outline',
    holdCoins: 0,
    workerId: 'worker-elsewhere',
    heartbeatAt: new Date(),
  });
  return taskId;
}

export function kbUpload(t: TestApp, user: { cookie?: string }, parts: MultipartPart[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/temp_knowledge/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(user.cookie ? { cookie: user.cookie } : {}), 'x-forwarded-for': freshIp() },
  });
}

export async function buildHostileWorld(t: TestApp): Promise<{ ctx: HostileContext; me: User; other: User }> {
  // Pro, so the hostile cases reach the knowledge and SEO handlers behind the Pro gate (decision 052).
  const me = await signedInProUser(t);
  const other = await signedInProUser(t);
  const pwUser = await signedInUser(t);
  const session = await kbUpload(t, other, [
    { name: 'session_id', value: '' },
    { name: 'deepspace_id', value: String(other.deepspaceId) },
    { name: 'files', file: { filename: 'notes.md', content: Buffer.from(`# 笔记\n\n${'新能源汽车电池的成本和寿命。'.repeat(30)}`) } },
  ]);
  if (session.statusCode !== 200) throw new Error(`kb upload failed: ${session.body}`);
  const order = await createOrderViaHttp(t, other.cookie, 5900, 1);
  if (order.statusCode !== 200) throw new Error(`order failed: ${order.body}`);
  const sandbox = t.app.payment.sandbox;
  if (!sandbox) throw new Error('the hostile suite expects the sandbox payment provider');
  // Signed with the sandbox's key, for an order number no order has: valid, yet it must credit nothing.
  const signedNotification = sandbox.confirmPayment('TM20000101000000deadbeef00', 5900);
  const ctx: HostileContext = {
    me,
    other,
    pwUser,
    myArticleId: await seedArticle(t, me),
    otherArticleId: await seedArticle(t, other),
    otherTaskId: await seedRunningTask(t, other),
    otherKbSessionId: session.json().session_id,
    otherKbFileId: session.json().file_list[0].file_id,
    otherOutTradeNo: order.json().outTradeNo,
    signedNotification,
  };
  return { ctx, me, other };
}
