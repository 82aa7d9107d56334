import { describe, expect, it } from 'vitest';
import { initialTrackerState } from '../generation/tracking-machine';
import type { TrackerState } from '../generation/tracking-types';
import { repurposeProgress } from './repurpose-progress';

const state = (patch: Partial<TrackerState>): TrackerState => ({ ...initialTrackerState(), ...patch });

describe('repurposeProgress', () => {
  it("names the start and the wait for the first event, not the tracker's placeholder step", () => {
    expect(repurposeProgress(state({ status: 'search_and_extract', isLoading: true })).label).toBe('正在提交任务');
    expect(repurposeProgress(state({ status: 'search_and_extract', taskId: 't1' })).label).toBe('任务已开始');
  });

  it("takes the server's percent and message, else the step's place, and never goes back", () => {
    const first = repurposeProgress(state({ status: 'parallel_section_generation', taskId: 't1', details: { progress: 62, message: '正在改写为小红书笔记...' } }));
    expect(first).toMatchObject({ percent: 62, message: '正在改写为小红书笔记...' });
    expect(repurposeProgress(state({ status: 'analyze_topic', taskId: 't1', details: { progress: 15 } }), first.percent).percent).toBe(62);
    expect(repurposeProgress(state({ status: 'completed', taskId: 't1', details: {} }), 62).percent).toBe(100);
  });

  it('holds the bar where it was when the run fails', () => {
    expect(repurposeProgress(state({ status: 'error', taskId: 't1', details: { progress: 80 } }), 40).percent).toBe(40);
  });
});
