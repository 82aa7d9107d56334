import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ceilingPercent,
  drift,
  headerLabel,
  nextDisplayed,
  ProgressTicker,
  shownPercent,
  stepText,
  targetPercent,
  visibleSteps,
} from './progress-display';

describe('targetPercent', () => {
  it('reads the stage tables of both flows', () => {
    expect(targetPercent('search_and_extract', false)).toBe(5);
    expect(targetPercent('analyze_topic', false)).toBe(15);
    expect(targetPercent('parallel_section_generation', false)).toBe(50);
    expect(targetPercent('generate_article', false)).toBe(90);
    expect(targetPercent('analyze_topic', true)).toBe(10);
    expect(targetPercent('parallel_section_generation_with_tools', true)).toBe(45);
    expect(targetPercent('combine_sections', true)).toBe(75);
    expect(targetPercent('apply_seo_optimization', true)).toBe(95);
  });

  it('is 0 idle and 100 completed; error, unknown and off-flow steps hold (null)', () => {
    expect(targetPercent('idle', false)).toBe(0);
    expect(targetPercent('completed', true)).toBe(100);
    expect(targetPercent('error', false)).toBeNull();
    expect(targetPercent('mystery_step', false)).toBeNull();
    expect(targetPercent('extract_reference_style', false)).toBeNull();
  });
});

describe('ceilingPercent', () => {
  it('is one below the next stage target', () => {
    expect(ceilingPercent('search_and_extract', false)).toBe(14);
    expect(ceilingPercent('parallel_section_research', false)).toBe(49);
    expect(ceilingPercent('generate_article', false)).toBe(99);
    expect(ceilingPercent('search_and_extract', true)).toBe(9);
    expect(ceilingPercent('apply_seo_optimization', true)).toBe(99);
  });

  it('skips a following step with the same target (the two 45 % steps)', () => {
    expect(ceilingPercent('parallel_section_generation', true)).toBe(59);
    expect(ceilingPercent('parallel_section_generation_with_tools', true)).toBe(59);
  });

  it('is 100 completed, 0 idle, null for error and unknown', () => {
    expect(ceilingPercent('completed', false)).toBe(100);
    expect(ceilingPercent('idle', true)).toBe(0);
    expect(ceilingPercent('error', false)).toBeNull();
    expect(ceilingPercent('mystery_step', true)).toBeNull();
  });
});

describe('nextDisplayed (the 50 ms creep)', () => {
  it('moves 5 % of the gap', () => {
    expect(nextDisplayed(0, 5, 14)).toBe(0.25);
    expect(nextDisplayed(10, 50, 59)).toBe(12);
  });

  it('moves at least 0.1 but never past the target', () => {
    expect(nextDisplayed(4.5, 5, 14)).toBe(4.6);
    expect(nextDisplayed(4.95, 5, 14)).toBe(5);
  });

  it('never passes the ceiling and never goes down', () => {
    expect(nextDisplayed(13.95, 25, 14)).toBe(14);
    expect(nextDisplayed(14, 25, 14)).toBe(14);
    expect(nextDisplayed(20, 5, 14)).toBe(20);
  });
});

describe('drift (0.1 per 500 ms)', () => {
  it('adds 0.1 up to the ceiling, without float noise', () => {
    expect(drift(5, 14)).toBe(5.1);
    expect(drift(drift(drift(5, 14), 14), 14)).toBe(5.3);
    expect(drift(13.95, 14)).toBe(14);
    expect(drift(14, 14)).toBe(14);
    expect(drift(30, 14)).toBe(30);
  });

  it('rounds for the circle', () => {
    expect(shownPercent(13.6)).toBe(14);
    expect(shownPercent(-1)).toBe(0);
    expect(shownPercent(100.4)).toBe(100);
  });
});

describe('texts', () => {
  it('reads the header label', () => {
    expect(headerLabel('completed')).toBe('任务已完成');
    expect(headerLabel('error')).toBe('出现错误，请重试');
    expect(headerLabel('idle')).toBe('等待开始...');
    expect(headerLabel('analyze_topic')).toBe('AI 系统工作中');
    expect(headerLabel('mystery_step')).toBe('AI 系统工作中');
  });

  it('reads the step text: labels, unknown, error, idle', () => {
    expect(stepText('search_and_extract')).toBe('智能搜索');
    expect(stepText('apply_seo_optimization')).toBe('SEO优化');
    expect(stepText('completed')).toBe('完成');
    expect(stepText('mystery_step')).toBe('正在处理中...');
    expect(stepText('error')).toBe('生成过程出现错误');
    expect(stepText('idle')).toBe('准备开始...');
  });
});

describe('visibleSteps', () => {
  const view = (step: string, advanced: boolean) => visibleSteps(step, advanced).map((item) => `${item.step}:${item.state}`);

  it('shows done steps, the current one and one upcoming (standard)', () => {
    expect(view('create_enhanced_outline', false)).toEqual([
      'search_and_extract:done',
      'analyze_topic:done',
      'create_enhanced_outline:current',
      'parallel_section_research:upcoming',
    ]);
    expect(view('generate_article', false).slice(-2)).toEqual(['generate_article:current', 'completed:upcoming']);
    expect(visibleSteps('analyze_topic', false)[1]).toMatchObject({ label: '主题分析', percent: 15 });
  });

  it('follows the advanced flow', () => {
    expect(view('extract_reference_style', true)).toEqual([
      'search_and_extract:done',
      'analyze_topic:done',
      'extract_reference_style:current',
      'create_enhanced_outline:upcoming',
    ]);
    // The two 45 % steps are one stage, 智能章节生成: one line, current through both.
    expect(view('parallel_section_generation', true).slice(-2)).toEqual([
      'parallel_section_generation:current',
      'generate_image_position_info:upcoming',
    ]);
    expect(view('parallel_section_generation_with_tools', true).slice(-2)).toEqual([
      'parallel_section_generation:current',
      'generate_image_position_info:upcoming',
    ]);
    expect(view('parallel_section_research', true).slice(-1)).toEqual(['parallel_section_generation:upcoming']);
  });

  it('never lists a label twice', () => {
    for (const advanced of [false, true]) {
      for (const step of ['completed', 'parallel_section_generation', 'parallel_section_generation_with_tools', 'generate_article']) {
        const labels = visibleSteps(step, advanced).map((item) => item.label);
        expect(new Set(labels).size, `${step} ${advanced}`).toBe(labels.length);
      }
    }
    expect(visibleSteps('completed', true).filter((item) => item.label === '智能章节生成')).toHaveLength(1);
  });

  it('shows the first step idle, everything done when completed, nothing for an unlisted step', () => {
    expect(view('idle', false)).toEqual(['search_and_extract:upcoming']);
    expect(view('completed', false)).toHaveLength(10);
    expect(view('completed', true)).toHaveLength(12);
    expect(view('completed', true).every((item) => item.endsWith(':done'))).toBe(true);
    expect(view('error', false)).toEqual([]);
    expect(view('apply_seo_optimization', false)).toEqual([]);
  });
});

describe('ProgressTicker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('creeps every 50 ms towards the target', () => {
    const ticker = new ProgressTicker();
    const seen: number[] = [];
    ticker.subscribe((snapshot) => seen.push(snapshot.value));
    ticker.start();
    ticker.update('search_and_extract', false);
    vi.advanceTimersByTime(50);
    expect(ticker.current.value).toBe(0.25);
    vi.advanceTimersByTime(50);
    expect(ticker.current.value).toBe(0.4875);
    expect(seen.at(-1)).toBe(0.4875);
    ticker.dispose();
  });

  it('drifts past the target while running but stops one point below the next stage', () => {
    const ticker = new ProgressTicker();
    ticker.start();
    ticker.update('search_and_extract', false);
    vi.advanceTimersByTime(10_000);
    expect(ticker.current.value).toBeGreaterThan(5);
    expect(ticker.current.value).toBeLessThan(14);
    vi.advanceTimersByTime(120_000);
    expect(ticker.current.value).toBe(14);
    ticker.update('analyze_topic', false);
    vi.advanceTimersByTime(50);
    expect(ticker.current.value).toBe(14.1);
    ticker.dispose();
  });

  it('holds on error (no drift) and on an unknown step (drift to the old ceiling)', () => {
    const ticker = new ProgressTicker();
    ticker.start();
    ticker.update('analyze_topic', false);
    vi.advanceTimersByTime(5_000);
    ticker.update('error', false);
    const held = ticker.current.value;
    vi.advanceTimersByTime(5_000);
    expect(ticker.current.value).toBe(held);
    expect(ticker.current.lastStep).toBe('analyze_topic');

    const other = new ProgressTicker();
    other.start();
    other.update('analyze_topic', false);
    vi.advanceTimersByTime(5_000);
    other.update('mystery_step', false);
    vi.advanceTimersByTime(300_000);
    expect(other.current.value).toBe(24);
    expect(other.current.lastStep).toBe('analyze_topic');
    ticker.dispose();
    other.dispose();
  });

  it('reaches 100 on completion and starts a new run from 0', () => {
    const ticker = new ProgressTicker({ advanced: true });
    ticker.start();
    ticker.update('generate_article');
    ticker.update('completed');
    vi.advanceTimersByTime(20_000);
    expect(shownPercent(ticker.current.value)).toBe(100);
    ticker.update('search_and_extract');
    expect(ticker.current.value).toBe(0);
    ticker.update('analyze_topic');
    ticker.update('idle');
    expect(ticker.current).toMatchObject({ value: 0, step: 'idle', lastStep: 'idle' });
    ticker.dispose();
  });

  it('leaves no timer behind', () => {
    const ticker = new ProgressTicker();
    ticker.start();
    expect(vi.getTimerCount()).toBe(2);
    ticker.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
