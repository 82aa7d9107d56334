import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STEP_MIN_SHOW_MS, StepPlayback } from './step-playback';
import { initialTrackerState } from './tracker-state';
import type { TrackerState } from './tracking-types';

const fakeTimers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

function setup() {
  let real = initialTrackerState();
  const shown: string[] = [];
  const playback = new StepPlayback(real, (state) => {
    if (shown.at(-1) !== state.status) shown.push(state.status);
  }, fakeTimers);
  const push = (patch: Partial<TrackerState>) => {
    real = { ...real, ...patch };
    playback.push(real);
  };
  return { playback, push, shown, screen: () => playback.current };
}

const FAST_RUN = ['analyze_topic', 'create_enhanced_outline', 'parallel_section_research', 'parallel_section_generation', 'generate_article'];

describe('StepPlayback', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('plays a burst of steps back in order, each at least the minimum, then the article', () => {
    const { push, shown, screen } = setup();
    push({ status: 'search_and_extract', isLoading: true });
    expect(screen().status).toBe('search_and_extract');
    vi.advanceTimersByTime(100);
    // The whole run arrives at once (the stream replays a task that finished in a second).
    for (const status of FAST_RUN) push({ status, details: { message: `${status}…` } });
    push({ status: 'completed', isLoading: true });
    push({ article: '# 文章', isLoading: false });
    // The tracker is done; the screen still shows the first step.
    expect(screen().status).toBe('search_and_extract');
    expect(screen().article).toBe('# 文章');

    const times: Record<string, number> = {};
    const start = Date.now();
    for (let ms = 0; ms < 10_000 && screen().status !== 'completed'; ms += 10) {
      vi.advanceTimersByTime(10);
      times[screen().status] ??= Date.now() - start;
    }
    expect(shown).toEqual(['search_and_extract', ...FAST_RUN, 'completed']);
    // Each step stays STEP_MIN_SHOW_MS; the first had already been up for 100 ms.
    const offsets = [...FAST_RUN, 'completed'].map((status) => times[status]!);
    expect(offsets[0]).toBe(STEP_MIN_SHOW_MS - 100);
    for (let i = 1; i < offsets.length; i += 1) expect(offsets[i]! - offsets[i - 1]!).toBe(STEP_MIN_SHOW_MS);
    // Caught up: the screen is the tracker's state itself.
    expect(screen()).toMatchObject({ status: 'completed', article: '# 文章', isLoading: false });
  });

  it('shows each held step with its own details, the latest of that step', () => {
    const { push, screen } = setup();
    push({ status: 'search_and_extract' });
    push({ status: 'analyze_topic', details: { message: 'a1' } });
    push({ status: 'analyze_topic', details: { message: 'a2' } });
    push({ status: 'create_enhanced_outline', details: { message: 'o1' } });
    expect(screen().status).toBe('search_and_extract');
    vi.advanceTimersByTime(STEP_MIN_SHOW_MS);
    expect(screen()).toMatchObject({ status: 'analyze_topic', details: { message: 'a2' } });
    vi.advanceTimersByTime(STEP_MIN_SHOW_MS);
    expect(screen()).toMatchObject({ status: 'create_enhanced_outline', details: { message: 'o1' } });
  });

  it('shows the steps of a slow task live, as they arrive', () => {
    const { push, screen } = setup();
    push({ status: 'search_and_extract' });
    for (const status of FAST_RUN) {
      vi.advanceTimersByTime(3_000);
      push({ status });
      expect(screen().status).toBe(status);
    }
    vi.advanceTimersByTime(STEP_MIN_SHOW_MS);
    push({ status: 'completed', article: '# 文章' });
    expect(screen().status).toBe('completed');
  });

  it('holds a step that comes sooner than the minimum only for the rest of it', () => {
    const { push, screen } = setup();
    push({ status: 'search_and_extract' });
    vi.advanceTimersByTime(300);
    push({ status: 'analyze_topic' });
    expect(screen().status).toBe('search_and_extract');
    vi.advanceTimersByTime(STEP_MIN_SHOW_MS - 300 - 1);
    expect(screen().status).toBe('search_and_extract');
    vi.advanceTimersByTime(1);
    expect(screen().status).toBe('analyze_topic');
  });

  it('shows an error at once and drops the steps that waited', () => {
    const { playback, push, screen } = setup();
    push({ status: 'search_and_extract' });
    push({ status: 'analyze_topic' });
    push({ status: 'create_enhanced_outline' });
    push({ status: 'error', error: '生成失败' });
    expect(screen()).toMatchObject({ status: 'error', error: '生成失败' });
    expect(playback.backlog).toEqual([]);
    vi.advanceTimersByTime(5_000);
    expect(screen().status).toBe('error');
  });

  it('starts a new run at once, even while the last one still plays back', () => {
    const { push, screen } = setup();
    push({ status: 'search_and_extract' });
    push({ status: 'analyze_topic' });
    push({ status: 'completed' });
    expect(screen().status).toBe('search_and_extract');
    push({ status: 'search_and_extract', article: null });
    push({ status: 'idle' });
    expect(screen().status).toBe('idle');
    push({ status: 'search_and_extract' });
    expect(screen().status).toBe('search_and_extract');
    vi.advanceTimersByTime(5_000);
    expect(screen().status).toBe('search_and_extract');
  });

  it('shows a restored article at once (idle, then completed)', () => {
    const { push, screen } = setup();
    push({ status: 'completed', articleId: 'a5', isLoading: true });
    expect(screen()).toMatchObject({ status: 'completed', articleId: 'a5' });
  });

  it('passes other fields through at once while a step is held (notices, the loading flag)', () => {
    const { push, screen } = setup();
    push({ status: 'search_and_extract' });
    push({ status: 'analyze_topic' });
    push({ notice: '网络不稳定' });
    expect(screen()).toMatchObject({ status: 'search_and_extract', notice: '网络不稳定' });
  });

  it('stops on dispose', () => {
    const { playback, push, screen } = setup();
    push({ status: 'search_and_extract' });
    push({ status: 'analyze_topic' });
    playback.dispose();
    vi.advanceTimersByTime(5_000);
    expect(screen().status).toBe('search_and_extract');
    expect(vi.getTimerCount()).toBe(0);
  });
});
