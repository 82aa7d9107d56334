import { describe, expect, it } from 'vitest';
import { isBusinessLimitError } from './business-limit.js';
import { isProUser } from './pro.js';
import { articleListSummary, articleListTitle, DEFAULT_WECHAT_SHARE_TITLE, shareDescription, shareTitle } from './article-text.js';

describe('business-limit detection', () => {
  it('finds each keyword', () => {
    for (const text of ['今日生成次数已用完', '余额不足，请充值', '权限不足', '调用超限', '业务限制：请稍后']) {
      expect(isBusinessLimitError(text)).toBe(true);
    }
  });
  it('ignores other errors and empty values', () => {
    expect(isBusinessLimitError('网络错误')).toBe(false);
    expect(isBusinessLimitError(undefined)).toBe(false);
  });
});

describe('isProUser', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('needs a level above 0', () => {
    expect(isProUser({ level: 0 }, now)).toBe(false);
    expect(isProUser(undefined, now)).toBe(false);
  });
  it('counts the level alone when there is no expiry', () => {
    expect(isProUser({ level: 1 }, now)).toBe(true);
  });
  it('needs a future expiry when one is set', () => {
    expect(isProUser({ level: 1, subscriptionExpiry: '2026-07-01T00:00:00Z' }, now)).toBe(true);
    expect(isProUser({ level: 1, subscriptionExpiry: '2026-05-01T00:00:00Z' }, now)).toBe(false);
    expect(isProUser({ level: 1, subscriptionExpiry: 'garbage' }, now)).toBe(false);
  });
});

describe('article list fallbacks', () => {
  it('prefers the title, then the phrase of the summary, then its start', () => {
    expect(articleListTitle('标题', '')).toBe('标题');
    expect(articleListTitle('', '这是一篇关于远程办公效率的文章')).toBe('远程办公效率');
    expect(articleListTitle(null, '一'.repeat(40))).toBe(`${'一'.repeat(30)}...`);
    expect(articleListTitle(undefined, undefined)).toBe('无标题');
    expect(articleListSummary('  ')).toBe('暂无摘要');
  });
});

describe('share text', () => {
  it('takes the first level-1 heading as the title', () => {
    expect(shareTitle('引言\n\n# **主标题**\n\n## 小节')).toBe('主标题');
  });
  it('falls back to the first non-empty line, cut to 50', () => {
    expect(shareTitle(`\n\n## ${'字'.repeat(60)}`)).toBe('字'.repeat(50));
    expect(shareTitle('  \n')).toBe(DEFAULT_WECHAT_SHARE_TITLE);
  });
  it('collapses newlines and cuts the description to 80 with an ellipsis', () => {
    expect(shareDescription('# 标题\n\n第一段\n第二段')).toBe('标题 第一段 第二段');
    expect(shareDescription('字'.repeat(100))).toBe(`${'字'.repeat(80)}…`);
  });
});
