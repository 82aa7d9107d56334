import { describe, expect, it } from 'vitest';
import { checkSchedule, formatShortTime, SCHEDULE_INVALID_TEXT, statusLineText, toLocalInputValue } from './publish-text';

const local = (year: number, month: number, day: number, hour: number, minute: number) => new Date(year, month - 1, day, hour, minute);

describe('checkSchedule', () => {
  const now = local(2026, 11, 27, 10, 0);

  it('reads the datetime-local value as local time and answers the ISO instant', () => {
    expect(checkSchedule('2026-11-28T08:00', now)).toEqual({ ok: true, iso: local(2026, 11, 28, 8, 0).toISOString() });
    expect(checkSchedule(toLocalInputValue(local(2026, 11, 27, 10, 2)), now)).toMatchObject({ ok: true });
  });

  it('refuses less than 2 minutes, more than 30 days, and an incomplete value', () => {
    expect(checkSchedule('2026-11-27T10:01', now)).toEqual({ ok: false, message: expect.stringContaining('至少要在 2 分钟之后') });
    expect(checkSchedule('2026-11-27T09:00', now)).toEqual({ ok: false, message: expect.stringContaining('至少要在 2 分钟之后') });
    expect(checkSchedule('2026-12-27T10:01', now)).toEqual({ ok: false, message: expect.stringContaining('不能超过 30 天') });
    expect(checkSchedule('', now)).toEqual({ ok: false, message: SCHEDULE_INVALID_TEXT });
    expect(checkSchedule('2026-11-28', now)).toEqual({ ok: false, message: SCHEDULE_INVALID_TEXT });
  });
});

describe('statusLineText', () => {
  const at = local(2026, 11, 27, 10, 20).toISOString();

  it('words the latest publication for the editor', () => {
    expect(statusLineText({ publishId: 'p', state: 'draft_created', createdAt: at })).toBe('公众号：已存入草稿箱 · 11月27日 10:20');
    expect(statusLineText({ publishId: 'p', state: 'queued', scheduledAt: local(2026, 11, 28, 8, 0).toISOString() })).toBe('公众号：定时 11月28日 08:00');
    expect(statusLineText({ publishId: 'p', state: 'submitted' })).toBe('公众号：发表中');
    expect(statusLineText({ publishId: 'p', state: 'published', createdAt: at })).toBe('公众号：已发表 · 11月27日 10:20');
    expect(statusLineText({ publishId: 'p', state: 'failed', message: '…' })).toBe('公众号：发表失败');
    expect(statusLineText({ publishId: 'p', state: 'draft_created' })).toBe('公众号：已存入草稿箱');
  });

  it('formats nothing for a missing or unreadable time', () => {
    expect(formatShortTime(undefined)).toBe('');
    expect(formatShortTime('not a date')).toBe('');
  });
});
