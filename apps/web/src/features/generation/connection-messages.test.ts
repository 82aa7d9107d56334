import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionEffect } from './connection-messages';
import { flush, harness, progress, startTracking } from './tracking-fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connection messages on the stream', () => {
  it('connection_established connects; connection_closed disconnects unless final', async () => {
    const h = harness();
    const stream = await startTracking(h);
    stream.emit({ type: 'connection_established', currentStep: 'search_and_extract', details: { message: '已连接到生成服务' } });
    expect(h.state().isConnected).toBe(true);
    stream.emit({ type: 'connection_closed' });
    expect(h.state().isConnected).toBe(false);
    stream.emit({ type: 'connection_established' });
    stream.emit(progress('completed'));
    await flush();
    stream.emit({ type: 'connection_closed' });
    expect(h.state()).toMatchObject({ isConnected: true, status: 'completed' });
    h.tracker.dispose();
  });

  it('reconnect_failed ends with its text and closes 2 s later', async () => {
    const h = harness();
    const stream = await startTracking(h);
    stream.emit({ type: 'reconnect_failed' });
    expect(h.state()).toMatchObject({ status: 'error', error: '连接已断开，无法重新连接。请刷新页面重试。', isConnected: false });
    await vi.advanceTimersByTimeAsync(2000);
    expect(stream.closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('service_unavailable below 3 errors: info toast with the seconds; at 3: error and toast', async () => {
    const h = harness();
    const stream = await startTracking(h);
    stream.emit({ type: 'service_unavailable', details: { consecutiveErrors: 1, retryAfter: 5 } });
    expect(h.deps.toast).toHaveBeenLastCalledWith('info', '正在重试，5 秒后重新连接');
    expect(h.state().status).toBe('search_and_extract');
    stream.emit({ type: 'service_unavailable', details: { consecutiveErrors: 3 } });
    expect(h.state()).toMatchObject({ status: 'error', error: '服务暂时不可用，请稍后重试' });
    expect(h.deps.toast).toHaveBeenLastCalledWith('error', '服务暂时不可用，请稍后重试');
    h.tracker.dispose();
  });

  it('global_timeout: the timeout text with 我的文章, an info toast, timedOut', async () => {
    const h = harness();
    const stream = await startTracking(h);
    stream.emit({ type: 'global_timeout', currentStep: 'generate_image', details: { message: '…', duration: 18 } });
    const text = '任务执行超时（18分钟），后台任务仍在执行中，请稍后在"我的文章"中查看';
    expect(h.state()).toMatchObject({ status: 'error', error: text, timedOut: true, businessLimit: false });
    expect(h.deps.toast).toHaveBeenLastCalledWith('info', text);
    await vi.advanceTimersByTimeAsync(2000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('too_many_errors: error and the network toast', async () => {
    const h = harness();
    const stream = await startTracking(h);
    stream.emit({ type: 'too_many_errors', details: {} });
    expect(h.state().status).toBe('error');
    expect(h.state().error).toContain('服务连接失败次数过多');
    expect(h.deps.toast).toHaveBeenLastCalledWith('error', '网络连接异常，请检查网络后重试');
    h.tracker.dispose();
  });

  it('network_unstable with allowUserChoice: an info toast; without it nothing', async () => {
    const h = harness();
    const stream = await startTracking(h);
    stream.emit({ type: 'network_unstable', details: { errorCount: 20 } });
    expect(h.deps.toast).not.toHaveBeenCalled();
    stream.emit({ type: 'network_unstable', details: { errorCount: 20, allowUserChoice: true } });
    const text = '网络不稳定（已重试20次），后台任务可能仍在执行。建议继续等待。';
    expect(h.deps.toast).toHaveBeenLastCalledWith('info', text);
    expect(h.state()).toMatchObject({ status: 'search_and_extract', notice: text });
    stream.emit(progress('analyze_topic'));
    expect(h.state().notice).toBeNull();
    h.tracker.dispose();
  });

  it('a final state stands against later failure messages', async () => {
    const h = harness();
    const stream = await startTracking(h);
    stream.emit(progress('completed'));
    await flush();
    stream.emit({ type: 'too_many_errors' });
    stream.emit({ type: 'timeout' });
    expect(h.state()).toMatchObject({ status: 'completed', mode: 'stream' });
    expect(h.deps.fetchStatus).not.toHaveBeenCalled();
    h.tracker.dispose();
  });

  it('ignores unreadable data and messages without a step', async () => {
    const h = harness();
    const stream = await startTracking(h);
    stream.onMessage?.({ data: 'not json' });
    stream.emit({ type: 'progress' });
    expect(h.state().status).toBe('search_and_extract');
    expect(h.deps.log).toHaveBeenCalled();
    h.tracker.dispose();
  });
});

describe('connectionEffect', () => {
  it('maps each message type', () => {
    expect(connectionEffect({ type: 'timeout' }, false)).toEqual({ polling: true });
    expect(connectionEffect({ type: 'connection_closed' }, true)).toBeNull();
    expect(connectionEffect({ type: 'service_unavailable', details: {} }, false)?.toast?.message).toBe('正在重试，30 秒后重新连接');
    expect(connectionEffect({ type: 'global_timeout', details: { duration: 20 } }, false)?.fail).toContain('任务执行超时（20分钟）');
    expect(connectionEffect({ type: 'progress' }, false)).toBeNull();
  });
});
