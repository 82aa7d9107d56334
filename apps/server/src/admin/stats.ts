import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../platform/db/index.js';
import { badRequest } from '../platform/errors.js';

/*
 * The dashboard's figures per day (issue 21, point 2), computed from the tables themselves, so
 * that nothing resets with a restart. Days are Beijing days (UTC+8, no daylight saving): the
 * offset is added by hand, because the embedded database carries no time-zone data.
 */

export const MAX_STATS_DAYS = 366;

export interface StatsRange {
  /** The first and last day, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  /** The instants the range covers: [start, end). */
  start: Date;
  end: Date;
  days: string[];
}

const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayStart(day: string): Date | null {
  if (!DATE.test(day)) return null;
  const at = Date.parse(`${day}T00:00:00+08:00`);
  if (Number.isNaN(at) || new Date(at + BEIJING_MS).toISOString().slice(0, 10) !== day) return null;
  return new Date(at);
}

/** Today in Beijing, `YYYY-MM-DD`. */
export const beijingDay = (at: number = Date.now()) => new Date(at + BEIJING_MS).toISOString().slice(0, 10);

/** The range of `from`/`to` (default: the last 30 days up to today), checked. */
export function statsRange(from: unknown, to: unknown, now = Date.now()): StatsRange {
  const toDay = typeof to === 'string' && to ? to : beijingDay(now);
  const fromDay = typeof from === 'string' && from ? from : beijingDay(Date.parse(`${toDay}T00:00:00+08:00`) - 29 * DAY_MS);
  const start = dayStart(fromDay);
  const last = dayStart(toDay);
  if (!start || !last) throw badRequest('日期格式应为 YYYY-MM-DD');
  if (last < start) throw badRequest('结束日期不能早于开始日期');
  const count = Math.round((last.getTime() - start.getTime()) / DAY_MS) + 1;
  if (count > MAX_STATS_DAYS) throw badRequest(`一次最多查看${MAX_STATS_DAYS}天`);
  const days = Array.from({ length: count }, (_, i) => beijingDay(start.getTime() + i * DAY_MS));
  return { from: fromDay, to: toDay, start, end: new Date(last.getTime() + DAY_MS), days };
}

/** A timestamp column's Beijing day, as text. */
const dayOf = (column: string) => sql.raw(`to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`);

export interface DayStats {
  date: string;
  signups: number;
  payingUsers: number;
  tasksStarted: number;
  tasksCompleted: number;
  tasksFailed: number;
  p50Ms: number | null;
  p95Ms: number | null;
  revenueFen: number;
  coinsIssued: number;
  coinsSpent: number;
  llmTokens: number;
  llmCostYuan: number;
  likes: number;
  dislikes: number;
}

type Row = Record<string, string | number | null> & { day: string };

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/** Every figure of every day of the range; days without activity are zeros, not gaps. */
export async function dailyStats(db: Db, range: StatsRange): Promise<DayStats[]> {
  const { start, end } = range;
  const [signups, orders, started, finished, coins, spent, feedback] = await Promise.all([
    queryRows<Row>(db, sql`SELECT ${dayOf('created_at')} AS day, count(*) AS n FROM users WHERE created_at >= ${start} AND created_at < ${end} GROUP BY 1`),
    queryRows<Row>(
      db,
      sql`SELECT ${dayOf('paid_at')} AS day, count(DISTINCT user_id) AS payers, sum(amount_fen) AS revenue
          FROM payment_orders WHERE status = 'paid' AND paid_at >= ${start} AND paid_at < ${end} GROUP BY 1`,
    ),
    queryRows<Row>(db, sql`SELECT ${dayOf('created_at')} AS day, count(*) AS n FROM generation_tasks WHERE created_at >= ${start} AND created_at < ${end} GROUP BY 1`),
    queryRows<Row>(
      db,
      sql`SELECT ${dayOf('finished_at')} AS day,
            count(*) FILTER (WHERE status = 'completed') AS completed,
            count(*) FILTER (WHERE status = 'error') AS failed,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - started_at) * 1000) FILTER (WHERE status = 'completed') AS p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - started_at) * 1000) FILTER (WHERE status = 'completed') AS p95,
            sum(coalesce((usage->'total'->>'totalTokens')::bigint, 0)) AS tokens,
            sum(coalesce((usage->>'costYuan')::numeric, 0)) AS cost
          FROM generation_tasks WHERE finished_at >= ${start} AND finished_at < ${end} GROUP BY 1`,
    ),
    queryRows<Row>(
      db,
      sql`SELECT ${dayOf('created_at')} AS day, sum(delta) AS issued FROM coin_ledger
          WHERE created_at >= ${start} AND created_at < ${end}
            AND (kind IN ('registration_gift', 'purchase', 'subscription') OR (kind = 'adjustment' AND delta > 0))
          GROUP BY 1`,
    ),
    queryRows<Row>(
      db,
      sql`SELECT ${dayOf('updated_at')} AS day, sum(settled_amount) AS spent FROM coin_holds
          WHERE status = 'settled' AND updated_at >= ${start} AND updated_at < ${end} GROUP BY 1`,
    ),
    queryRows<Row>(
      db,
      sql`SELECT ${dayOf('created_at')} AS day, count(*) FILTER (WHERE type = 'like') AS likes, count(*) FILTER (WHERE type = 'dislike') AS dislikes
          FROM article_feedback WHERE created_at >= ${start} AND created_at < ${end} GROUP BY 1`,
    ),
  ]);
  const byDay = (rows: Row[]) => new Map(rows.map((row) => [row.day, row]));
  const [s, o, st, f, c, sp, fb] = [signups, orders, started, finished, coins, spent, feedback].map(byDay);
  return range.days.map((date) => {
    const done = f!.get(date);
    return {
      date,
      signups: num(s!.get(date)?.n),
      payingUsers: num(o!.get(date)?.payers),
      tasksStarted: num(st!.get(date)?.n),
      tasksCompleted: num(done?.completed),
      tasksFailed: num(done?.failed),
      p50Ms: done?.p50 == null ? null : Math.round(Number(done.p50)),
      p95Ms: done?.p95 == null ? null : Math.round(Number(done.p95)),
      revenueFen: num(o!.get(date)?.revenue),
      coinsIssued: num(c!.get(date)?.issued),
      coinsSpent: num(sp!.get(date)?.spent),
      llmTokens: num(done?.tokens),
      llmCostYuan: Math.round(num(done?.cost) * 10_000) / 10_000,
      likes: num(fb!.get(date)?.likes),
      dislikes: num(fb!.get(date)?.dislikes),
    };
  });
}

/** Model tokens and cost over the range by stage (the agent's purpose) and by who wrote (the model's name, or offline). */
export async function modelUsage(db: Db, range: StatsRange) {
  const { start, end } = range;
  const [byStage, byModel] = await Promise.all([
    queryRows<{ stage: string; calls: string; tokens: string }>(
      db,
      sql`SELECT stage.key AS stage, sum(coalesce((stage.value->>'calls')::bigint, 0)) AS calls, sum(coalesce((stage.value->>'totalTokens')::bigint, 0)) AS tokens
          FROM generation_tasks, jsonb_each(coalesce(usage->'stages', '{}'::jsonb)) AS stage
          WHERE finished_at >= ${start} AND finished_at < ${end} GROUP BY 1 ORDER BY 3 DESC`,
    ),
    queryRows<{ model: string | null; tasks: string; tokens: string; cost: string }>(
      db,
      sql`SELECT a.written_by AS model, count(*) AS tasks, sum(coalesce((t.usage->'total'->>'totalTokens')::bigint, 0)) AS tokens, sum(coalesce((t.usage->>'costYuan')::numeric, 0)) AS cost
          FROM generation_tasks t JOIN articles a ON a.article_id = t.article_id
          WHERE t.finished_at >= ${start} AND t.finished_at < ${end} AND t.status = 'completed' GROUP BY 1 ORDER BY 3 DESC`,
    ),
  ]);
  return {
    byStage: byStage.map((row) => ({ stage: row.stage, calls: num(row.calls), tokens: num(row.tokens) })),
    byModel: byModel.map((row) => ({ model: row.model ?? 'unknown', tasks: num(row.tasks), tokens: num(row.tokens), costYuan: Math.round(num(row.cost) * 10_000) / 10_000 })),
  };
}

/** Likes and dislikes over the range by the article's platform and type (as the user set them). */
export async function feedbackBreakdown(db: Db, range: StatsRange) {
  const rows = await queryRows<{ platform: string | null; type: string | null; likes: string; dislikes: string }>(
    db,
    sql`SELECT a.platform AS platform, a.metadata->'brief'->>'articleType' AS type,
          count(*) FILTER (WHERE f.type = 'like') AS likes, count(*) FILTER (WHERE f.type = 'dislike') AS dislikes
        FROM article_feedback f JOIN articles a ON a.article_id = f.article_id
        WHERE f.created_at >= ${range.start} AND f.created_at < ${range.end} GROUP BY 1, 2 ORDER BY 3 DESC, 4 DESC`,
  );
  return rows.map((row) => ({ platform: row.platform ?? 'unknown', articleType: row.type ?? 'unknown', likes: num(row.likes), dislikes: num(row.dislikes) }));
}
