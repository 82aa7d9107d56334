import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRunningTask, RUNNING_TASK_KEY, rememberRunningTask, runningTask } from './running-task';
import { harness, MemoryStorage, progress, REQUEST, STARTED } from './tracking-fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('generation start errors', () => {
  it('code 1006: info toast, error status, banner flag, id kept, tracking still starts with a task id', async () => {
    const h = harness({
      startGeneration: vi.fn(async () => ({ status: 'error', code: 1006, message: '今日生成次数已超限', task_id: 't2', article_id: 'a2' })),
    });
    expect(await h.tracker.start(REQUEST)).toBe(false);
    expect(h.deps.toast).toHaveBeenCalledWith('info', '今日生成次数已超限');
    expect(h.state()).toMatchObject({ status: 'error', error: '今日生成次数已超限', businessLimit: true, articleId: 'a2', taskId: 't2' });
    await vi.advanceTimersByTimeAsync(1500);
    expect(h.deps.openStream).toHaveBeenCalledWith('t2', '0');
    h.stream().emit(progress('analyze_topic'));
    expect(h.state()).toMatchObject({ status: 'analyze_topic', error: null, businessLimit: true });
    h.tracker.dispose();
  });

  it('code 1006 without texts or task id: the fallback text and no tracking', async () => {
    const h = harness({ startGeneration: vi.fn(async () => ({ status: 'error', code: 1006 })) });
    await h.tracker.start(REQUEST);
    expect(h.deps.toast).toHaveBeenCalledWith('info', '业务限制错误，请稍后重试');
    expect(h.state()).toMatchObject({ status: 'error', businessLimit: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.deps.openStream).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('other errors: error toast with error, else message, else 生成文章失败', async () => {
    const cases = [
      [{ status: 'error', code: 500, error: '模型不可用', message: '失败' }, '模型不可用'],
      [{ status: 'error', code: 400, message: '请输入文章主题' }, '请输入文章主题'],
      [{ status: 'error', code: 500 }, '生成文章失败'],
    ] as const;
    for (const [answer, text] of cases) {
      const h = harness({ startGeneration: vi.fn(async () => answer) });
      await h.tracker.start(REQUEST);
      expect(h.deps.toast).toHaveBeenCalledWith('error', text);
      expect(h.state()).toMatchObject({ status: 'error', error: text, businessLimit: false, isLoading: false });
      h.tracker.dispose();
    }
  });

  it('an error answer with a limit keyword raises the banner flag', async () => {
    const h = harness({ startGeneration: vi.fn(async () => ({ status: 'error', code: 402, error: '余额不足，请充值' })) });
    await h.tracker.start(REQUEST);
    expect(h.state()).toMatchObject({ status: 'error', businessLimit: true });
  });

  it('a success answer without task_id fails with API响应中缺少task_id', async () => {
    const h = harness({ startGeneration: vi.fn(async () => ({ status: 'success', code: 0, article_id: 'a1' })) });
    expect(await h.tracker.start(REQUEST)).toBe(false);
    expect(h.deps.toast).toHaveBeenCalledWith('error', 'API响应中缺少task_id');
    expect(h.state()).toMatchObject({ status: 'error', error: 'API响应中缺少task_id' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('CORS and Network Error texts read as a blocked request', async () => {
    for (const message of ['Network Error', 'blocked by CORS policy']) {
      const h = harness({ startGeneration: vi.fn().mockRejectedValue(new Error(message)) });
      await h.tracker.start(REQUEST);
      expect(h.deps.toast).toHaveBeenCalledWith('error', 'API请求被阻止，请检查网络设置');
      expect(h.state().error).toBe('API请求被阻止，请检查网络设置');
    }
  });

  it('a thrown limit error gets the limit toast; other throws their text', async () => {
    const limited = harness({ startGeneration: vi.fn().mockRejectedValue(new Error('权限不足')) });
    await limited.tracker.start(REQUEST);
    expect(limited.deps.toast).toHaveBeenCalledWith('info', '根据系统提示，当前操作受到限制，请稍后重试');
    expect(limited.state()).toMatchObject({ status: 'error', error: '权限不足', businessLimit: true });

    const failed = harness({ startGeneration: vi.fn().mockRejectedValue(new Error('服务器开小差了')) });
    await failed.tracker.start(REQUEST);
    expect(failed.deps.toast).toHaveBeenCalledWith('error', '服务器开小差了');
  });

  it('a new start after an error resets the flags', async () => {
    const startGeneration = vi.fn().mockResolvedValueOnce({ status: 'error', code: 1006, message: '超限' }).mockResolvedValue(STARTED);
    const h = harness({ startGeneration });
    await h.tracker.start(REQUEST);
    expect(h.state().businessLimit).toBe(true);
    expect(await h.tracker.start(REQUEST)).toBe(true);
    expect(h.state()).toMatchObject({ status: 'search_and_extract', businessLimit: false, error: null });
    h.tracker.dispose();
  });
});

describe('running task storage', () => {
  it('remembers, reads and forgets', () => {
    const storage = new MemoryStorage();
    expect(runningTask(storage)).toBeNull();
    rememberRunningTask(storage, { taskId: 't1', articleId: null, settings: REQUEST });
    expect(runningTask(storage)).toEqual({ taskId: 't1', articleId: null, settings: REQUEST });
    forgetRunningTask(storage);
    expect(runningTask(storage)).toBeNull();
  });

  it('reads garbage as nothing and survives a blocked storage', () => {
    const storage = new MemoryStorage();
    storage.setItem(RUNNING_TASK_KEY, '{not json');
    expect(runningTask(storage)).toBeNull();
    storage.setItem(RUNNING_TASK_KEY, JSON.stringify({ taskId: '' }));
    expect(runningTask(storage)).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => rememberRunningTask(blocked, { taskId: 't1', articleId: null, settings: null })).not.toThrow();
    expect(() => forgetRunningTask(blocked)).not.toThrow();
    expect(runningTask(blocked)).toBeNull();
  });
});
