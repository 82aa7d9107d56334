/** The dashboard's range: Beijing days, `YYYY-MM-DD`, both included (as GET /api/admin/stats reads them). */
export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_RANGE_DAYS = 366;

export const PRESETS = [
  { days: 7, label: '近7天' },
  { days: 30, label: '近30天' },
  { days: 90, label: '近90天' },
] as const;

/** A day in Beijing, `YYYY-MM-DD`. */
export const beijingDay = (at: number = Date.now()) => new Date(at + BEIJING_MS).toISOString().slice(0, 10);

/** The last `days` days up to today (Beijing). */
export function presetRange(days: number, now: number = Date.now()): DateRange {
  return { from: beijingDay(now - (days - 1) * DAY_MS), to: beijingDay(now) };
}

/** How many days the range holds. */
export const rangeDays = ({ from, to }: DateRange) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** Why the range cannot be asked for, or null. */
export function rangeProblem(range: DateRange): string | null {
  if (!DATE.test(range.from) || !DATE.test(range.to)) return '请选择开始和结束日期';
  if (range.to < range.from) return '结束日期不能早于开始日期';
  if (rangeDays(range) > MAX_RANGE_DAYS) return `一次最多查看${MAX_RANGE_DAYS}天`;
  return null;
}
