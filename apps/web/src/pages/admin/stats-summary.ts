import type { AdminStats, DayStats } from './admin-api';

export interface StatsTotals {
  signups: number;
  /** Paying users summed over the days (one who pays on two days counts twice). */
  payingUserDays: number;
  tasksStarted: number;
  tasksCompleted: number;
  tasksFailed: number;
  revenueFen: number;
  refundsFen: number;
  coinsIssued: number;
  coinsSpent: number;
  llmTokens: number;
  llmCostYuan: number;
  likes: number;
  dislikes: number;
}

const sum = (days: readonly DayStats[], pick: (day: DayStats) => number) => days.reduce((total, day) => total + pick(day), 0);

/** The range's totals for the summary cards. */
export function totalsOf(days: readonly DayStats[]): StatsTotals {
  return {
    signups: sum(days, (d) => d.signups),
    payingUserDays: sum(days, (d) => d.payingUsers),
    tasksStarted: sum(days, (d) => d.tasksStarted),
    tasksCompleted: sum(days, (d) => d.tasksCompleted),
    tasksFailed: sum(days, (d) => d.tasksFailed),
    revenueFen: sum(days, (d) => d.revenueFen),
    refundsFen: sum(days, (d) => d.refundsFen ?? 0),
    coinsIssued: sum(days, (d) => d.coinsIssued),
    coinsSpent: sum(days, (d) => d.coinsSpent),
    llmTokens: sum(days, (d) => d.llmTokens),
    llmCostYuan: Math.round(sum(days, (d) => d.llmCostYuan) * 10_000) / 10_000,
    likes: sum(days, (d) => d.likes),
    dislikes: sum(days, (d) => d.dislikes),
  };
}

/** Nothing happened in the range: every figure is zero and the breakdowns are empty. */
export function isEmptyStats(stats: AdminStats): boolean {
  const totals = totalsOf(stats.days);
  return Object.values(totals).every((value) => value === 0) && stats.usage.byStage.length === 0 && stats.usage.byModel.length === 0 && stats.feedback.length === 0;
}

/** Articles were written, all by the offline writer, and no model was called: the product runs without a model. */
export function runsOffline(stats: AdminStats): boolean {
  const { byModel } = stats.usage;
  return byModel.length > 0 && byModel.every((row) => row.model === 'offline') && stats.days.every((day) => day.llmTokens === 0);
}

/** A like rate as a percentage with one decimal, or — without any vote. */
export function likeRate(likes: number, dislikes: number): string {
  const votes = likes + dislikes;
  return votes === 0 ? '—' : `${((likes / votes) * 100).toFixed(1)}%`;
}
