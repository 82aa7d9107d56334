import { describe, expect, it } from 'vitest';
import { WECHAT_FREEPUBLISH_NOTICE, publishWechatRequestSchema, scheduleAtProblem, setWechatThemeRequestSchema, wechatPreflightRequestSchema } from './wechat-mp.js';

const NOW = new Date('2030-01-01T00:00:00Z');

describe('WeChat publishing: the schedule, the theme and the notice', () => {
  it('scheduleAt: 2 minutes to 30 days ahead, ISO 8601 with a zone', () => {
    expect(scheduleAtProblem('2030-01-01T00:05:00Z', NOW)).toBeNull();
    expect(scheduleAtProblem('2030-01-01T08:02:00+08:00', NOW)).toBeNull();
    expect(scheduleAtProblem('2030-01-30T23:59:00Z', NOW)).toBeNull();
    expect(scheduleAtProblem('2030-01-01T00:01:59Z', NOW)).toContain('至少要在 2 分钟之后');
    expect(scheduleAtProblem('2029-12-31T00:00:00Z', NOW)).toContain('至少要在 2 分钟之后');
    expect(scheduleAtProblem('2030-02-01T00:00:01Z', NOW)).toContain('不能超过 30 天');
    for (const bad of ['2030-01-01T08:00:00', '2030-01-01 08:00', 'tomorrow', '2030-13-01T00:00:00Z', '']) expect(scheduleAtProblem(bad, NOW), bad).toContain('格式不正确');
  });

  it('themes are checked by the shared list, in Chinese', () => {
    expect(setWechatThemeRequestSchema.safeParse({ theme: 'tech' }).success).toBe(true);
    const wrong = setWechatThemeRequestSchema.safeParse({ theme: 'neon' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toContain('没有这个排版主题');
    expect(setWechatThemeRequestSchema.safeParse({}).error?.issues[0]?.message).toContain('请选择排版主题');
    expect(wechatPreflightRequestSchema.safeParse({}).success).toBe(true);
    expect(publishWechatRequestSchema.safeParse({ accountId: 'wxa_1', submit: true, scheduleAt: '2030-01-01T08:00:00+08:00' }).success).toBe(true);
  });

  it('the submit notice names what a freepublish publication does not do', () => {
    for (const words of ['历史消息列表', '不推送给粉丝', '原创', '草稿箱']) expect(WECHAT_FREEPUBLISH_NOTICE).toContain(words);
  });
});
