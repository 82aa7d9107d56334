import { describe, expect, it } from 'vitest';
import { needsSpaceBetween, spaceCjkLatin } from './text-spacing.js';

describe('the space between Chinese and Latin text', () => {
  it('goes between Han characters and Latin letters or digits, both ways', () => {
    expect(spaceCjkLatin('用React写了3个App')).toBe('用 React 写了 3 个 App');
    expect(spaceCjkLatin('iPhone15发布')).toBe('iPhone15 发布');
  });

  it('leaves text alone that already has it or has no Latin', () => {
    expect(spaceCjkLatin('用 React 写')).toBe('用 React 写');
    expect(spaceCjkLatin('纯中文，没有字母。')).toBe('纯中文，没有字母。');
    expect(spaceCjkLatin('plain English 123')).toBe('plain English 123');
  });

  it('is not put next to Chinese punctuation', () => {
    expect(spaceCjkLatin('（React）和“Vue”')).toBe('（React）和“Vue”');
    expect(spaceCjkLatin('版本：18。')).toBe('版本：18。');
  });

  it('tells when two neighbouring pieces need it', () => {
    expect(needsSpaceBetween('使用', 'React')).toBe(true);
    expect(needsSpaceBetween('npm', '安装')).toBe(true);
    expect(needsSpaceBetween('使用 ', 'React')).toBe(false);
    expect(needsSpaceBetween('', 'React')).toBe(false);
  });
});
