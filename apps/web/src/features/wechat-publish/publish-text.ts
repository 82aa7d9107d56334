import { scheduleAtProblem, type WechatPublishState } from '@tianma/shared';
import type { Publication } from './publish-api';

export const SCHEDULE_INVALID_TEXT = '请填写完整的定时日期和时间';

const pad = (value: number) => String(value).padStart(2, '0');

/** 「11月27日 10:20」 in the browser's time zone; an unreadable date gives ''. */
export function formatShortTime(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getMonth() + 1}月${date.getDate()}日 ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A Date as the value of a datetime-local input (local time, minutes). */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export type ScheduleCheck = { ok: true; iso: string } | { ok: false; message: string };

/**
 * A datetime-local value (local time, no zone) as the ISO instant the server takes, if it is
 * between 2 minutes and 30 days from `now` (the server's own rule, scheduleAtProblem).
 */
export function checkSchedule(value: string, now = new Date()): ScheduleCheck {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return { ok: false, message: SCHEDULE_INVALID_TEXT };
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const date = new Date(year!, month! - 1, day!, hour!, minute!, second);
  if (Number.isNaN(date.getTime())) return { ok: false, message: SCHEDULE_INVALID_TEXT };
  const iso = date.toISOString();
  const problem = scheduleAtProblem(iso, now);
  return problem ? { ok: false, message: problem } : { ok: true, iso };
}

/** States after which nothing changes without the user doing something. */
export const FINAL_STATES: readonly WechatPublishState[] = ['draft_created', 'published', 'failed'];
export const isFinal = (state: WechatPublishState) => FINAL_STATES.includes(state);

export const OUTCOME_TITLES: Record<WechatPublishState, string> = {
  queued: '已排期',
  draft_created: '已存入草稿箱',
  submitted: '发表中（等待微信确认）',
  published: '已发表',
  failed: '失败',
};

/** The editor's one line about the article's latest publication. */
export function statusLineText(publication: Publication): string {
  switch (publication.state) {
    case 'queued': {
      const at = formatShortTime(publication.scheduledAt);
      return at ? `公众号：定时 ${at}` : '公众号：已排期';
    }
    case 'draft_created':
      return joined('公众号：已存入草稿箱', formatShortTime(publication.createdAt));
    case 'submitted':
      return '公众号：发表中';
    case 'published':
      return joined('公众号：已发表', formatShortTime(publication.createdAt));
    case 'failed':
      return '公众号：发表失败';
  }
}

const joined = (text: string, time: string) => (time ? `${text} · ${time}` : text);
