import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RUNNING_TASK_KEY, runningTask } from './running-task';
import { flush, harness, MemoryStorage, progress, REQUEST, STARTED, startTracking } from './tracking-fakes';
import { TRACKING_TEXT } from './tracking-texts';
import type { StatusResponse } from './tracking-types';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('start and the happy path', () => {
  it('waits 1.5 s, follows the events, fetches the article and closes 2 s after completion', async () => {
    const storage = new MemoryStorage();
    const h = harness({ storage });
    const seen: string[] = [];
    h.tracker.subscribe((state) => seen.push(state.status));

    expect(await h.tracker.start(REQUEST)).toBe(true);
    expect(h.deps.startGeneration).toHaveBeenCalledWith(REQUEST);
    expect(h.state()).toMatchObject({ status: 'search_and_extract', taskId: 't1', articleId: 'a1', isLoading: false, lastSettings: REQUEST });
    expect(runningTask(storage)).toEqual({ taskId: 't1', articleId: 'a1', settings: REQUEST });

    await vi.advanceTimersByTimeAsync(1499);
    expect(h.deps.openStream).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    // From the first event (Last-Event-ID 0): a task that ran ahead still shows each step.
    expect(h.deps.openStream).toHaveBeenCalledWith('t1', '0');
    expect(h.state()).toMatchObject({ mode: 'stream', isMonitoring: true, isConnected: false });

    const stream = h.stream();
    stream.emit({ type: 'connection_established', currentStep: 'search_and_extract', details: { message: '已连接到生成服务' } });
    expect(h.state().isConnected).toBe(true);
    stream.emit(progress('analyze_topic', { progress: 15, message: '主题分析中...', current_query: '学习方法' }), 2);
    expect(h.state()).toMatchObject({ status: 'analyze_topic', details: { progress: 15, current_query: '学习方法' } });

    stream.emit(progress('completed', { progress: 100 }), 9);
    expect(h.state().status).toBe('completed');
    expect(h.deps.fetchArticle).toHaveBeenCalledWith('a1', 'md');
    await flush();
    expect(h.state()).toMatchObject({ status: 'completed', article: '# 文章', articleId: 'a1', error: null, isLoading: false });

    await vi.advanceTimersByTimeAsync(1999);
    expect(stream.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(stream.closed).toBe(true);
    expect(h.state()).toMatchObject({ mode: 'closed', isMonitoring: false, isConnected: false });
    expect(storage.getItem(RUNNING_TASK_KEY)).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    expect(seen).toContain('analyze_topic');
  });

  it('gathers the sections the events carry into the draft, by index, finished texts kept', async () => {
    const h = harness();
    const stream = await startTracking(h);
    const section = (index: number, content: string, done: boolean) => ({ section: { index, total: 3, title: `标题${index}`, content, done } });
    stream.emit(progress('parallel_section_generation', { progress: 50, ...section(1, '第二节写了一半', false) }), 5);
    stream.emit(progress('parallel_section_generation', { progress: 50, ...section(0, '第一节', true) }), 6);
    stream.emit(progress('parallel_section_generation', { progress: 50, ...section(1, '第二节写完了。', true) }), 7);
    expect(h.state().draft).toEqual({
      total: 3,
      sections: [
        { index: 0, title: '标题0', content: '第一节', done: true },
        { index: 1, title: '标题1', content: '第二节写完了。', done: true },
      ],
    });
    // Later steps carry no section: the draft stays until the article replaces it.
    stream.emit(progress('generate_image', { progress: 70 }), 8);
    expect(h.state().draft?.sections).toHaveLength(2);
  });

  it('refreshes only the details on the same step; a new step replaces status, error, details and takes article_id', async () => {
    const h = harness({ startGeneration: vi.fn(async () => ({ ...STARTED, article_id: null })) });
    const stream = await startTracking(h);
    stream.emit(progress('analyze_topic', { message: '第一次', article_id: 'a1' }));
    expect(h.state().articleId).toBe('a1');
    stream.emit(progress('analyze_topic', { message: '第二次', article_id: 'other' }));
    expect(h.state()).toMatchObject({ status: 'analyze_topic', articleId: 'a1', details: { message: '第二次' } });
    stream.emit(progress('create_enhanced_outline', { message: '大纲', article_id: 'a7' }));
    expect(h.state()).toMatchObject({ status: 'create_enhanced_outline', articleId: 'a7', details: { message: '大纲' } });
    h.tracker.dispose();
  });

  it('keeps unknown step names as running', async () => {
    const h = harness();
    const stream = await startTracking(h);
    stream.emit(progress('mystery_step'));
    expect(h.state().status).toBe('mystery_step');
    expect(await h.tracker.start(REQUEST)).toBe(false);
    h.tracker.dispose();
  });

  it('ends on the error step with its text and closes 2 s later', async () => {
    const h = harness();
    const stream = await startTracking(h);
    stream.emit(progress('error', { error: '模型调用失败' }));
    expect(h.state()).toMatchObject({ status: 'error', error: '模型调用失败', timedOut: false });
    stream.fail(); // the server ends the stream after the final event: not an error
    expect(h.deps.openStream).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(stream.closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sets timedOut for a 任务执行超时 error and businessLimit for a limit text', async () => {
    const h = harness();
    const stream = await startTracking(h);
    stream.emit(progress('error', { error: '任务执行超时，请稍后在我的文章中查看' }));
    expect(h.state()).toMatchObject({ timedOut: true, businessLimit: false });
    h.tracker.dispose();

    const other = harness();
    const second = await startTracking(other);
    second.emit(progress('error', { error: '今日生成次数已用完' }));
    expect(other.state()).toMatchObject({ businessLimit: true, timedOut: false });
    other.tracker.dispose();
  });

  it('refuses a start while a run is under way', async () => {
    const h = harness();
    await h.tracker.start(REQUEST);
    expect(await h.tracker.start({ ...REQUEST, topic: '另一个' })).toBe(false);
    expect(h.deps.toast).toHaveBeenCalledWith('info', '文章正在生成中，请稍候...');
    expect(h.deps.startGeneration).toHaveBeenCalledTimes(1);
    expect(h.state().lastSettings).toEqual(REQUEST);
    h.tracker.dispose();
  });
});

describe('completed without content', () => {
  it('fetches by the known id', async () => {
    const h = harness();
    const stream = await startTracking(h);
    stream.emit({ type: 'progress', currentStep: 'completed', details: { progress: 100 } });
    expect(h.deps.fetchArticle).toHaveBeenCalledWith('a1', 'md');
    await flush();
    expect(h.state().article).toBe('# 文章');
    h.tracker.dispose();
  });

  it('waits 5 s for an unknown id and fetches it if it came meanwhile', async () => {
    const h = harness({ startGeneration: vi.fn(async () => ({ ...STARTED, article_id: null })) });
    const stream = await startTracking(h);
    stream.emit({ type: 'progress', currentStep: 'completed', details: {} });
    stream.emit({ type: 'progress', currentStep: 'completed', details: { article_id: 'a9' } });
    await vi.advanceTimersByTimeAsync(4999);
    expect(h.deps.fetchArticle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.deps.fetchArticle).toHaveBeenCalledWith('a9', 'md');
    await flush();
    expect(h.state()).toMatchObject({ status: 'completed', articleId: 'a9', article: '# 文章' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails after 5 s when no id ever came', async () => {
    const h = harness({ startGeneration: vi.fn(async () => ({ ...STARTED, article_id: null })) });
    const stream = await startTracking(h);
    stream.emit({ type: 'progress', currentStep: 'completed', details: {} });
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.deps.fetchArticle).not.toHaveBeenCalled();
    expect(h.state()).toMatchObject({ status: 'error', error: '文章生成可能已完成，但未能获取内容。请刷新页面或重试。' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a failed fetch with its text, else 获取文章失败 or 获取文章时发生错误', async () => {
    const answers = [
      async () => ({ code: 404, status: 'error', error: '文章不存在' }),
      async () => ({ code: 1, status: 'error' }),
      async () => {
        throw new Error('');
      },
    ];
    const texts = ['文章不存在', '获取文章失败', '获取文章时发生错误'];
    for (const [index, answer] of answers.entries()) {
      const h = harness({ fetchArticle: vi.fn(answer) });
      const stream = await startTracking(h);
      stream.emit(progress('completed'));
      await flush();
      expect(h.state()).toMatchObject({ status: 'error', error: texts[index], isLoading: false });
      expect(h.deps.toast).toHaveBeenLastCalledWith('error', texts[index]);
      h.tracker.dispose();
    }
  });

  it('refetches on request', async () => {
    const fetchArticle = vi.fn().mockRejectedValueOnce(new Error('超时')).mockResolvedValue({ code: 0, status: 'success', content: '正文' });
    const h = harness({ fetchArticle });
    const stream = await startTracking(h);
    stream.emit(progress('completed'));
    await flush();
    expect(h.state().error).toBe('超时');
    await h.tracker.refetchArticle();
    expect(h.state()).toMatchObject({ status: 'completed', article: '正文', error: null });
    h.tracker.dispose();
  });
});

describe('regenerate, resume, dispose', () => {
  it('regenerate reuses the last settings', async () => {
    const h = harness();
    const stream = await startTracking(h, { ...REQUEST, topic: '第一篇' });
    stream.emit(progress('completed'));
    await flush();
    expect(await h.tracker.regenerate()).toBe(true);
    expect(h.deps.startGeneration).toHaveBeenLastCalledWith({ ...REQUEST, topic: '第一篇' });
    expect(h.state()).toMatchObject({ status: 'search_and_extract', article: null });
    h.tracker.dispose();

    const empty = harness();
    expect(await empty.tracker.regenerate()).toBe(false);
    expect(empty.deps.toast).toHaveBeenCalledWith('info', TRACKING_TEXT.noSettings);
  });

  it('a reloaded page picks the running task up again', async () => {
    const storage = new MemoryStorage();
    const before = harness({ storage });
    await startTracking(before);
    before.tracker.dispose(); // unmount on reload keeps the remembered task

    const after = harness({ storage });
    const remembered = runningTask(storage);
    expect(remembered).toEqual({ taskId: 't1', articleId: 'a1', settings: REQUEST });
    after.tracker.resume(remembered!.taskId, remembered!);
    expect(after.deps.openStream).toHaveBeenCalledWith('t1', undefined);
    expect(after.state()).toMatchObject({ status: 'search_and_extract', taskId: 't1', articleId: 'a1', lastSettings: REQUEST, isMonitoring: true });
    after.stream().emit(progress('combine_sections'), 12);
    expect(after.state().status).toBe('combine_sections');
    after.stream().emit(progress('completed'), 13);
    await flush();
    expect(after.state().article).toBe('# 文章');
    await vi.advanceTimersByTimeAsync(2000);
    expect(runningTask(storage)).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a reloaded page shows the sections written before the reload, from the status call', async () => {
    const written = [{ index: 0, total: 2, title: '写在前面', content: '开头一段。', done: true }];
    const h = harness({ fetchStatus: vi.fn(async () => ({ currentStep: 'parallel_section_generation', status: 'running', details: { progress: 50, sections: written } })) });
    h.tracker.resume('t1', { articleId: 'a1' });
    await flush();
    expect(h.deps.fetchStatus).toHaveBeenCalledWith('t1');
    expect(h.state().draft).toEqual({ total: 2, sections: [{ index: 0, title: '写在前面', content: '开头一段。', done: true }] });
    h.stream().emit(progress('parallel_section_generation', { progress: 50, section: { index: 1, total: 2, title: '第二节', content: '第二节正文。', done: true } }), 9);
    expect(h.state().draft?.sections.map((section) => section.index)).toEqual([0, 1]);
    h.tracker.dispose();
  });

  it('resume cuts a live connection and reconnects 150 ms later', async () => {
    const h = harness();
    const first = await startTracking(h);
    h.tracker.resume('t3');
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(149);
    expect(h.deps.openStream).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.deps.openStream).toHaveBeenLastCalledWith('t3', undefined);
    h.tracker.resume('t3'); // already tracking it
    expect(h.deps.openStream).toHaveBeenCalledTimes(2);
    h.tracker.dispose();
  });

  it('dispose stops every timer and stays silent', async () => {
    const h = harness();
    await h.tracker.start(REQUEST);
    h.tracker.dispose();
    expect(vi.getTimerCount()).toBe(0);

    const polling = harness({ fetchStatus: vi.fn(() => new Promise<StatusResponse>(() => undefined)) });
    const stream = await startTracking(polling);
    stream.emit({ type: 'timeout' });
    const listener = vi.fn();
    polling.tracker.subscribe(listener);
    polling.tracker.dispose();
    expect(stream.closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    stream.emit(progress('completed'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(listener).not.toHaveBeenCalled();
    expect(await polling.tracker.start(REQUEST)).toBe(false);
  });

  it('dispose drops a start answer that lands afterwards', async () => {
    let answer: (value: typeof STARTED) => void = () => undefined;
    const h = harness({ startGeneration: vi.fn(() => new Promise<typeof STARTED>((resolve) => (answer = resolve))) });
    const started = h.tracker.start(REQUEST);
    h.tracker.dispose();
    answer(STARTED);
    expect(await started).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    expect(h.deps.openStream).not.toHaveBeenCalled();
  });
});
