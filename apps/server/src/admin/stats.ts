import { and, gte, lte, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../platform/db/index.js';
import { badRequest } from '../platform/errors.js';
import { adminDayRollups } from './tables.js';

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
  /** Refunds that succeeded that day (by their refund time; decision 079). */
  refundsFen: number;
  coinsIssued: number;
  coinsSpent: number;
  llmTokens: number;
  llmCostYuan: number;
  likes: number;
  dislikes: number;
}

type Row = Record<string, string | number | null> & { day: string };

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const money = (yuan: number) => Math.round(yuan * 10_000) / 10_000;

/** Everything the dashboard shows of one day: its figures and its breakdowns. */
export interface DayRollup {
  figures: Omit<DayStats, 'date'>;
  byStage: Record<string, { calls: number; tokens: number }>;
  byModel: Record<string, { tasks: number; tokens: number; costYuan: number }>;
  /** Keyed `platform|articleType`. */
  feedback: Record<string, { likes: number; dislikes: number }>;
}

const emptyDay = (): DayRollup => ({
  figures: {
    signups: 0, payingUsers: 0, tasksStarted: 0, tasksCompleted: 0, tasksFailed: 0, p50Ms: null, p95Ms: null,
    revenueFen: 0, refundsFen: 0, coinsIssued: 0, coinsSpent: 0, llmTokens: 0, llmCostYuan: 0, likes: 0, dislikes: 0,
  },
  byStage: {},
  byModel: {},
  feedback: {},
});

/** Computes the days of [start, end) from the tables, one query per figure, grouped by Beijing day. */
export async function computeDays(db: Db, start: Date, end: Date): Promise<Map<string, DayRollup>> {
  const [signups, orders, started, finished, coins, spent, feedback, byStage, byModel, byKind, refunds] = await Promise.all([
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
    queryRows<Row>(
      db,
      sql`SELECT ${dayOf('finished_at')} AS day, stage.key AS stage, sum(coalesce((stage.value->>'calls')::bigint, 0)) AS calls, sum(coalesce((stage.value->>'totalTokens')::bigint, 0)) AS tokens
          FROM generation_tasks, jsonb_each(coalesce(usage->'stages', '{}'::jsonb)) AS stage
          WHERE finished_at >= ${start} AND finished_at < ${end} GROUP BY 1, 2`,
    ),
    queryRows<Row>(
      db,
      sql`SELECT ${dayOf('t.finished_at')} AS day, a.written_by AS model, count(*) AS tasks, sum(coalesce((t.usage->'total'->>'totalTokens')::bigint, 0)) AS tokens, sum(coalesce((t.usage->>'costYuan')::numeric, 0)) AS cost
          FROM generation_tasks t JOIN articles a ON a.article_id = t.article_id
          WHERE t.finished_at >= ${start} AND t.finished_at < ${end} AND t.status = 'completed' GROUP BY 1, 2`,
    ),
    queryRows<Row>(
      db,
      sql`SELECT ${dayOf('f.created_at')} AS day, a.platform AS platform, a.metadata->'brief'->>'articleType' AS type,
            count(*) FILTER (WHERE f.type = 'like') AS likes, count(*) FILTER (WHERE f.type = 'dislike') AS dislikes
          FROM article_feedback f JOIN articles a ON a.article_id = f.article_id
          WHERE f.created_at >= ${start} AND f.created_at < ${end} GROUP BY 1, 2, 3`,
    ),
    queryRows<Row>(
      db,
      sql`SELECT ${dayOf('refunded_at')} AS day, sum(amount_fen) AS refunded FROM payment_refunds
          WHERE status = 'refunded' AND refunded_at >= ${start} AND refunded_at < ${end} GROUP BY 1`,
    ),
  ]);
  const days = new Map<string, DayRollup>();
  const day = (key: string) => {
    const found = days.get(key) ?? emptyDay();
    days.set(key, found);
    return found;
  };
  for (const row of signups) day(row.day).figures.signups = num(row.n);
  for (const row of orders) Object.assign(day(row.day).figures, { payingUsers: num(row.payers), revenueFen: num(row.revenue) });
  for (const row of started) day(row.day).figures.tasksStarted = num(row.n);
  for (const row of finished) {
    Object.assign(day(row.day).figures, {
      tasksCompleted: num(row.completed),
      tasksFailed: num(row.failed),
      p50Ms: row.p50 == null ? null : Math.round(Number(row.p50)),
      p95Ms: row.p95 == null ? null : Math.round(Number(row.p95)),
      llmTokens: num(row.tokens),
      llmCostYuan: money(num(row.cost)),
    });
  }
  for (const row of coins) day(row.day).figures.coinsIssued = num(row.issued);
  for (const row of refunds) day(row.day).figures.refundsFen = num(row.refunded);
  for (const row of spent) day(row.day).figures.coinsSpent = num(row.spent);
  for (const row of feedback) Object.assign(day(row.day).figures, { likes: num(row.likes), dislikes: num(row.dislikes) });
  for (const row of byStage) day(row.day).byStage[String(row.stage)] = { calls: num(row.calls), tokens: num(row.tokens) };
  for (const row of byModel) day(row.day).byModel[String(row.model ?? 'unknown')] = { tasks: num(row.tasks), tokens: num(row.tokens), costYuan: money(num(row.cost)) };
  for (const row of byKind) day(row.day).feedback[`${row.platform ?? 'unknown'}|${row.type ?? 'unknown'}`] = { likes: num(row.likes), dislikes: num(row.dislikes) };
  return days;
}

/**
 * The range's days: days before today from their stored rollup (computed once, the first time
 * any range asks for them, and kept: a past day's rows no longer change), today always live.
 * A year's dashboard then reads 365 small rows instead of scanning a year of tasks (decision 081).
 */
export async function rangeDays(db: Db, range: StatsRange, now = Date.now()): Promise<Map<string, DayRollup>> {
  const today = beijingDay(now);
  const past = range.days.filter((d) => d < today);
  const stored = past.length === 0 ? [] : await db.select().from(adminDayRollups).where(and(gte(adminDayRollups.day, past[0]!), lte(adminDayRollups.day, past.at(-1)!)));
  const days = new Map(stored.map((row) => [row.day, row.stats as DayRollup]));
  const missing = past.filter((d) => !days.has(d));
  if (missing.length > 0) {
    const computed = await computeDays(db, dayStart(missing[0]!)!, new Date(dayStart(missing.at(-1)!)!.getTime() + DAY_MS));
    const rows = missing.map((d) => ({ day: d, stats: computed.get(d) ?? emptyDay() }));
    for (let i = 0; i < rows.length; i += 200) await db.insert(adminDayRollups).values(rows.slice(i, i + 200)).onConflictDoNothing();
    for (const row of rows) days.set(row.day, row.stats);
  }
  if (range.days.includes(today)) {
    const start = dayStart(today)!;
    days.set(today, (await computeDays(db, start, new Date(start.getTime() + DAY_MS))).get(today) ?? emptyDay());
  }
  return days;
}

/** Every figure of every day of the range; days without activity are zeros, not gaps. */
export function dailyStatsOf(range: StatsRange, days: Map<string, DayRollup>): DayStats[] {
  // A day rolled up before a figure existed reads it as zero (refundsFen came after the first rollups).
  return range.days.map((date) => ({ date, ...emptyDay().figures, ...(days.get(date) ?? emptyDay()).figures }));
}

/** Model tokens and cost over the range by stage (the agent's purpose) and by who wrote (the model's name, or offline). */
export function modelUsageOf(days: Map<string, DayRollup>) {
  const stages = new Map<string, { calls: number; tokens: number }>();
  const models = new Map<string, { tasks: number; tokens: number; costYuan: number }>();
  for (const day of days.values()) {
    for (const [stage, v] of Object.entries(day.byStage)) {
      const sum = stages.get(stage) ?? { calls: 0, tokens: 0 };
      stages.set(stage, { calls: sum.calls + v.calls, tokens: sum.tokens + v.tokens });
    }
    for (const [model, v] of Object.entries(day.byModel)) {
      const sum = models.get(model) ?? { tasks: 0, tokens: 0, costYuan: 0 };
      models.set(model, { tasks: sum.tasks + v.tasks, tokens: sum.tokens + v.tokens, costYuan: money(sum.costYuan + v.costYuan) });
    }
  }
  return {
    byStage: [...stages].map(([stage, v]) => ({ stage, ...v })).sort((a, b) => b.tokens - a.tokens),
    byModel: [...models].map(([model, v]) => ({ model, ...v })).sort((a, b) => b.tokens - a.tokens || b.tasks - a.tasks),
  };
}

/** Likes and dislikes over the range by the article's platform and type (as the user set them). */
export function feedbackBreakdownOf(days: Map<string, DayRollup>) {
  const kinds = new Map<string, { likes: number; dislikes: number }>();
  for (const day of days.values()) {
    for (const [key, v] of Object.entries(day.feedback)) {
      const sum = kinds.get(key) ?? { likes: 0, dislikes: 0 };
      kinds.set(key, { likes: sum.likes + v.likes, dislikes: sum.dislikes + v.dislikes });
    }
  }
  return [...kinds]
    .map(([key, v]) => {
      const [platform, articleType] = key.split('|') as [string, string];
      return { platform, articleType, ...v };
    })
    .sort((a, b) => b.likes - a.likes || b.dislikes - a.dislikes);
}

/** The dashboard's answer for a range. */
export async function dashboard(db: Db, range: StatsRange) {
  const days = await rangeDays(db, range);
  return { from: range.from, to: range.to, days: dailyStatsOf(range, days), usage: modelUsageOf(days), feedback: feedbackBreakdownOf(days) };
}
