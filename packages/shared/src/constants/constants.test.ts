import { describe, expect, it } from 'vitest';
import { ADVANCED_STEPS, STANDARD_STEPS, stepLabel, stepListFor, stepPercent } from './progress.js';
import { AUDIENCES, labelOf, PLATFORMS, valuesOf } from './options.js';
import { isAppRoute } from './site.js';
import { PLANS } from './plans.js';
import { PRO_MONTH } from './pricing.js';

describe('step lists', () => {
  it('has 10 standard and 13 advanced steps ending at 100', () => {
    expect(STANDARD_STEPS).toHaveLength(10);
    expect(ADVANCED_STEPS).toHaveLength(13);
    expect(STANDARD_STEPS.at(-1)).toEqual({ step: 'completed', percent: 100 });
  });
  it('never goes down', () => {
    for (const list of [STANDARD_STEPS, ADVANCED_STEPS]) {
      const percents = list.map((entry) => entry.percent);
      expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    }
  });
  it('uses the advanced page values', () => {
    expect(stepPercent('analyze_topic', true)).toBe(10);
    expect(stepPercent('combine_sections', true)).toBe(75);
    expect(stepPercent('generate_article', false)).toBe(90);
    expect(stepPercent('mystery', false)).toBeUndefined();
    expect(stepLabel('mystery')).toBe('生成中');
  });
  it('lists each stage label once: the two 45 % steps of the advanced flow are one line', () => {
    for (const advanced of [false, true]) {
      const labels = stepListFor(advanced).map((entry) => entry.label);
      expect(new Set(labels).size).toBe(labels.length);
    }
    expect(stepListFor(false)).toHaveLength(10);
    expect(stepListFor(true)).toHaveLength(12);
    expect(stepListFor(true).find((entry) => entry.label === '智能章节生成')).toEqual({
      step: 'parallel_section_generation',
      steps: ['parallel_section_generation', 'parallel_section_generation_with_tools'],
      label: '智能章节生成',
      percent: 45,
    });
  });
});

describe('option lists', () => {
  it('carry the spec values and labels', () => {
    expect(valuesOf(PLATFORMS)).toEqual(['wechat', 'zhihu', 'xiaohongshu']);
    expect(labelOf(AUDIENCES, 'student')).toBe('学生党');
  });
});

describe('route table', () => {
  it('knows the app routes, with and without a trailing slash', () => {
    for (const path of ['/', '/pricing', '/pricing/', '/shared/article/abc123', '/create']) {
      expect(isAppRoute(path)).toBe(true);
    }
  });
  it('refuses anything else', () => {
    for (const path of ['/nope', '/shared/article/', '/shared/article/a/b', '/pricing/x']) {
      expect(isAppRoute(path)).toBe(false);
    }
  });
});

describe('plans', () => {
  it('prices premium at 59 yuan with 3500 coins', () => {
    const premium = PLANS.find((plan) => plan.id === 'premium');
    expect(premium?.priceYuan).toBe(59);
    expect(premium?.coins).toBe(PRO_MONTH.coins);
  });
});
