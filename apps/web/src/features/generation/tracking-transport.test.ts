import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, harness, httpError, progress, startTracking } from './tracking-fakes';
import { classifyPollError } from './tracking-transport';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('stream errors', () => {
  it('reconnects after 3 s, then 6 s, with the last event id, and polls after the 3rd consecutive error', async () => {
    const h = harness();
    const first = await startTracking(h);
    first.emit(progress('analyze_topic'), 4);
    first.fail();
    expect(first.closed).toBe(true);
    expect(h.state().isConnected).toBe(false);
    await vi.advanceTimersByTimeAsync(2999);
    expect(h.deps.openStream).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.deps.openStream).toHaveBeenLastCalledWith('t1', '4');

    h.stream().fail();
    await vi.advanceTimersByTimeAsync(5999);
    expect(h.deps.openStream).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.deps.openStream).toHaveBeenCalledTimes(3);

    expect(h.deps.fetchStatus).not.toHaveBeenCalled();
    h.stream().fail();
    expect(h.state().mode).toBe('polling');
    expect(h.deps.fetchStatus).toHaveBeenCalledWith('t1');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.deps.openStream).toHaveBeenCalledTimes(3);
    h.tracker.dispose();
  });

  it('a message between errors resets the count; the backoff doubles up to 5 reconnects, then polling', async () => {
    const h = harness();
    await startTracking(h);
    const delays = [3000, 6000, 12_000, 24_000, 48_000];
    for (const [index, delay] of delays.entries()) {
      h.stream().emit({ type: 'connection_established', currentStep: 'analyze_topic', details: {} });
      h.stream().fail();
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(h.deps.openStream).toHaveBeenCalledTimes(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.deps.openStream).toHaveBeenCalledTimes(index + 2);
    }
    h.stream().emit({ type: 'connection_established', currentStep: 'analyze_topic', details: {} });
    h.stream().fail();
    expect(h.state().mode).toBe('polling');
    expect(h.deps.openStream).toHaveBeenCalledTimes(6);
    h.tracker.dispose();
  });

  it('polls when the stream cannot be opened at all', async () => {
    const h = harness({
      openStream: vi.fn(() => {
        throw new Error('EventSource unsupported');
      }),
    });
    await h.tracker.start({ topic: 't', advanced_mode: false, deepspaceId: 1, settings: {} });
    await vi.advanceTimersByTimeAsync(1500);
    expect(h.state().mode).toBe('polling');
    expect(h.deps.fetchStatus).toHaveBeenCalledTimes(1);
    h.tracker.dispose();
  });
});

describe('polling', () => {
  it('a timeout message switches to polling every 3 s until a final state', async () => {
    const fetchStatus = vi
      .fn()
      .mockResolvedValueOnce({ currentStep: 'analyze_topic', details: { progress: 15 } })
      .mockResolvedValueOnce({ currentStep: 'analyze_topic', details: { progress: 16 } })
      .mockResolvedValueOnce({ currentStep: 'completed', details: {}, article_id: 'a5', status: 'completed' });
    const h = harness({ fetchStatus });
    const stream = await startTracking(h);
    stream.emit({ type: 'timeout' });
    expect(stream.closed).toBe(true);
    expect(h.state()).toMatchObject({ mode: 'polling', isMonitoring: true });
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await flush();
    expect(h.state()).toMatchObject({ status: 'analyze_topic', isConnected: true });
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(h.state().details).toMatchObject({ progress: 16 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(h.deps.fetchArticle).toHaveBeenCalledWith('a5', 'md');
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.state()).toMatchObject({ status: 'completed', mode: 'closed', isMonitoring: false, article: '# 文章' });
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('503: retries after 30 s with (n/3), stops at the third', async () => {
    const fetchStatus = vi.fn().mockRejectedValue(httpError(503, '服务暂不可用'));
    const h = harness({ fetchStatus });
    (await startTracking(h)).emit({ type: 'timeout' });
    await flush();
    expect(h.state().notice).toBe('服务暂时不可用（503错误），正在重试... (1/3)');
    expect(h.deps.toast).toHaveBeenLastCalledWith('info', '正在重试，30 秒后重新连接');
    expect(h.state().status).toBe('search_and_extract');
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(h.state().notice).toBe('服务暂时不可用（503错误），正在重试... (2/3)');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(h.state()).toMatchObject({ status: 'error', error: '服务暂不可用，请稍后重试', notice: null });
    expect(h.deps.toast).toHaveBeenLastCalledWith('error', '服务暂时不可用，请稍后重试');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(h.state().mode).toBe('closed');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a success between 503s resets the count and clears the notice', async () => {
    const fetchStatus = vi
      .fn()
      .mockRejectedValueOnce(httpError(503))
      .mockRejectedValueOnce(httpError(503))
      .mockResolvedValueOnce({ currentStep: 'analyze_topic', details: {} })
      .mockRejectedValue(httpError(503));
    const h = harness({ fetchStatus });
    (await startTracking(h)).emit({ type: 'timeout' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.state()).toMatchObject({ status: 'analyze_topic', notice: null });
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.state().notice).toBe('服务暂时不可用（503错误），正在重试... (1/3)');
    h.tracker.dispose();
  });

  it('network errors: every 10 s, a notice at 10, 20 and 30, a stop at 50', async () => {
    const fetchStatus = vi.fn().mockRejectedValue(httpError(0, '网络错误，请稍后重试'));
    const h = harness({ fetchStatus });
    (await startTracking(h)).emit({ type: 'timeout' });
    await flush();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000 * 47);
    expect(fetchStatus).toHaveBeenCalledTimes(49);
    const notices = h.toast.mock.calls.filter(([kind]) => kind === 'info').map(([, text]) => text);
    expect(notices).toEqual([10, 20, 30].map((n) => `网络不稳定（已重试${n}次），后台任务可能仍在执行。建议继续等待。`));
    expect(h.state().status).toBe('search_and_extract');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchStatus).toHaveBeenCalledTimes(50);
    expect(h.state().status).toBe('error');
    expect(h.state().error).toContain('网络连接持续不稳定');
    expect(h.state().error).toContain('已停止监控');
    expect(h.deps.toast).toHaveBeenLastCalledWith('error', '网络连接异常，请检查网络后重试');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(50);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('500/502: backoff 3, 6, 12 … s capped at 60 s, a stop at 20 consecutive', async () => {
    const fetchStatus = vi.fn((): Promise<never> => Promise.reject(httpError(fetchStatus.mock.calls.length % 2 ? 502 : 500)));
    const h = harness({ fetchStatus });
    (await startTracking(h)).emit({ type: 'timeout' });
    await flush();
    const delays = [3, 6, 12, 24, 48, 60, 60];
    for (const [index, seconds] of delays.entries()) {
      await vi.advanceTimersByTimeAsync(seconds * 1000 - 1);
      expect(fetchStatus).toHaveBeenCalledTimes(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchStatus).toHaveBeenCalledTimes(index + 2);
    }
    await vi.advanceTimersByTimeAsync(60_000 * 11);
    expect(fetchStatus).toHaveBeenCalledTimes(19);
    expect(h.state().status).toBe('search_and_extract');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(20);
    expect(h.state().status).toBe('error');
    expect(h.state().error).toContain('服务连接失败次数过多');
    expect(h.deps.toast).toHaveBeenLastCalledWith('error', '网络连接异常，请检查网络后重试');
    await vi.advanceTimersByTimeAsync(2000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a missing task (404) stops at once with its text', async () => {
    const h = harness({ fetchStatus: vi.fn().mockRejectedValue(httpError(404, '任务不存在')) });
    (await startTracking(h)).emit({ type: 'timeout' });
    await flush();
    expect(h.state()).toMatchObject({ status: 'error', error: '任务不存在' });
    expect(h.deps.toast).toHaveBeenLastCalledWith('error', '任务不存在');
    await vi.advanceTimersByTimeAsync(2000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the 18-minute limit also holds while polling', async () => {
    const h = harness();
    (await startTracking(h)).emit({ type: 'timeout' });
    await vi.advanceTimersByTimeAsync(18 * 60_000 - 1);
    expect(h.state().status).toBe('analyze_topic');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.state()).toMatchObject({ status: 'error', timedOut: true });
    expect(h.state().error).toBe('任务执行超时（18分钟），后台任务仍在执行中，请稍后在"我的文章"中查看');
    await vi.advanceTimersByTimeAsync(2000);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('classifyPollError', () => {
  it('sorts failures', () => {
    expect(classifyPollError(httpError(503))).toBe('unavailable');
    expect(classifyPollError(new Error('HTTP 503: Service Unavailable'))).toBe('unavailable');
    expect(classifyPollError(httpError(0, '网络错误，请稍后重试'))).toBe('network');
    expect(classifyPollError(new TypeError('Failed to fetch'))).toBe('network');
    expect(classifyPollError(httpError(500))).toBe('server');
    expect(classifyPollError(httpError(502))).toBe('server');
    expect(classifyPollError(new Error('奇怪的错误'))).toBe('server');
    expect(classifyPollError(httpError(404))).toBe('fatal');
    expect(classifyPollError(httpError(401))).toBe('fatal');
  });
});
