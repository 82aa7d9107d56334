import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPURPOSE_PLATFORMS } from '@tianma/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { fakeAuth, jsonResponse, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { FakeStream, progress } from '../generation/tracking-fakes';
import type { ArticleResponse, StatusResponse } from '../generation/tracking-types';
import { RepurposeDialog } from './RepurposeDialog';
import { cancelPath, REPURPOSE_QUOTE_PATH, repurposePath } from './repurpose-api';
import type { FollowDeps } from './use-repurpose';

const STARTED = { status: 'success', code: 0, message: '改写任务已开始', error: null, task_id: 't1', article_id: 'n1' };
// The tracker connects 1.5 s after the start call (tracking-texts.ts).
const CONNECTED = { timeout: 4000 };

/** The stream and status calls, scripted; the start and cancel calls go through fetch. */
function follow() {
  const streams: FakeStream[] = [];
  const deps: FollowDeps = {
    openStream: vi.fn((taskId: string, lastEventId?: string) => {
      const stream = new FakeStream(taskId, lastEventId);
      streams.push(stream);
      return stream;
    }),
    fetchStatus: vi.fn(async (): Promise<StatusResponse> => ({ currentStep: 'search_and_extract', details: { progress: 5 } })),
    fetchArticle: vi.fn(async (id: string): Promise<ArticleResponse> => ({ code: 0, status: 'success', content: '# 早起的五个好处✨', article_id: id, title: '早起的五个好处✨' })),
  };
  return { deps, stream: () => streams.at(-1) };
}

function renderDialog(followDeps: FollowDeps, onClose = vi.fn()) {
  const user = userEvent.setup();
  renderWithProviders(<RepurposeDialog articleId="a1" title="早起的好处" onClose={onClose} follow={followDeps} />, {
    auth: fakeAuth({ user: sampleUser({ deepspaceId: 7, userAuth: { level: 0, coinBalance: 300 } }) }),
  });
  return { user, onClose, dialog: screen.getByRole('dialog', { name: '一稿多发' }) };
}

const quote = (coins: number, balance: number) => () => jsonResponse({ success: true, data: { coins, balance, enough: balance >= coins } });

describe('RepurposeDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the four platforms with the server's price and the balance", async () => {
    stubApi({ [REPURPOSE_QUOTE_PATH]: quote(23, 300) });
    const { dialog } = renderDialog(follow().deps);
    expect(dialog).toHaveTextContent('把《早起的好处》改写成其他平台的版本');
    const cards = within(dialog).getAllByTestId(/^repurpose-platform-/);
    expect(cards.map((card) => within(card).getByRole('radio').getAttribute('value'))).toEqual(['xiaohongshu', 'zhihu', 'toutiao', 'video_script']);
    for (const [index, { label }] of REPURPOSE_PLATFORMS.entries()) expect(cards[index]).toHaveTextContent(label);
    await waitFor(() => expect(within(dialog).getByTestId('coin-balance')).toHaveTextContent('300'));
    expect(within(dialog).getAllByTestId('repurpose-price').map((node) => node.textContent)).toEqual(['23 币', '23 币', '23 币', '23 币']);
    expect(within(dialog).getByTestId('article-price')).toHaveTextContent('23');
    expect(within(dialog).getByTestId('repurpose-platform-video_script')).toHaveTextContent('镜头、画面、台词、时长');
    // Nothing is started before a platform is chosen.
    expect(within(dialog).getByTestId('repurpose-start')).toBeDisabled();
  });

  it('falls back to the shared rule and the session balance when there is no quote, and blocks a short balance', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<RepurposeDialog articleId="a1" title="早起的好处" onClose={vi.fn()} follow={follow().deps} />, {
      auth: fakeAuth({ user: sampleUser({ userAuth: { level: 0, coinBalance: 10 } }) }),
    });
    const dialog = screen.getByRole('dialog', { name: '一稿多发' });
    // 67 coins an article: a third, rounded up.
    await waitFor(() => expect(within(dialog).getAllByTestId('repurpose-price')[0]).toHaveTextContent('23 币'));
    await user.click(within(dialog).getByRole('radio', { name: /知乎回答/ }));
    expect(within(dialog).getByTestId('short-balance')).toHaveTextContent('余额不足');
    expect(within(dialog).getByRole('link', { name: '去充值' })).toHaveAttribute('href', '/pricing');
    expect(within(dialog).getByTestId('repurpose-start')).toBeDisabled();
  });

  it('starts the task, follows it live, and opens the new note', async () => {
    const { calls } = stubApi({ [REPURPOSE_QUOTE_PATH]: quote(23, 300), [repurposePath('a1')]: jsonResponse(STARTED) });
    const scripted = follow();
    const { user, dialog } = renderDialog(scripted.deps);
    await user.click(within(dialog).getByRole('radio', { name: /小红书笔记/ }));
    await user.click(within(dialog).getByTestId('repurpose-start'));

    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ path: '/api/v1/articles/a1/repurpose', method: 'POST', body: { platform: 'xiaohongshu' } }]);
    await waitFor(() => expect(scripted.stream()).toBeDefined(), CONNECTED);
    // The same stream as a generation, followed from its first event.
    expect(scripted.deps.openStream).toHaveBeenCalledWith('t1', '0');
    expect(within(dialog).getByTestId('repurpose-progress')).toHaveTextContent('正在生成小红书笔记');

    scripted.stream()!.emit(progress('content_generation', { article_id: 'n1', progress: 60, message: '正在写成小红书笔记' }), 3);
    await waitFor(() => expect(within(dialog).getByRole('progressbar', { name: '生成进度' })).toHaveAttribute('aria-valuenow', '60'));
    expect(within(dialog).getByTestId('repurpose-message')).toHaveTextContent('正在写成小红书笔记');

    scripted.stream()!.emit(progress('completed', { article_id: 'n1', progress: 100 }), 4);
    const done = await within(dialog).findByTestId('repurpose-done');
    expect(done).toHaveTextContent('小红书笔记已生成：《早起的五个好处✨》');
    expect(within(done).getByTestId('repurpose-xhs-hint')).toHaveTextContent('下载小红书图片（zip）');
    const open = within(done).getByRole('link', { name: '打开' });
    expect(open).toHaveAttribute('href', '/editor?articleId=n1&deepspaceId=7');
    expect(open).toHaveAttribute('target', '_blank');
    expect(scripted.deps.fetchArticle).toHaveBeenCalledWith('n1', 'md');
  });

  it('says a short balance in Chinese with a link to recharge (402)', async () => {
    stubApi({
      [REPURPOSE_QUOTE_PATH]: quote(23, 300),
      [repurposePath('a1')]: jsonResponse({ status: 'error', code: 1006, error: '余额不足：本次改写需要23币，请先充值', message: '余额不足：本次改写需要23币，请先充值' }, { status: 402 }),
    });
    const scripted = follow();
    const { user, dialog } = renderDialog(scripted.deps);
    await user.click(within(dialog).getByRole('radio', { name: /短视频脚本/ }));
    await user.click(within(dialog).getByTestId('repurpose-start'));

    const banner = await within(dialog).findByTestId('business-limit-banner');
    expect(banner).toHaveTextContent('余额不足：本次改写需要23币，请先充值');
    expect(within(banner).getByRole('link', { name: '去充值' })).toHaveAttribute('href', '/pricing');
    // Back at the choice, the platform still chosen; nothing is followed.
    expect(within(dialog).getByRole('radio', { name: /短视频脚本/ })).toBeChecked();
    expect(scripted.deps.openStream).not.toHaveBeenCalled();
  });

  it('shows a refusal that is not about money without the recharge link (429)', async () => {
    stubApi({
      [REPURPOSE_QUOTE_PATH]: quote(23, 300),
      [repurposePath('a1')]: jsonResponse(
        { status: 'error', code: 1006, error: '生成次数超限：最多同时进行2个创作任务，请等待当前任务完成后再试' },
        { status: 429 },
      ),
    });
    const { user, dialog } = renderDialog(follow().deps);
    await user.click(within(dialog).getByRole('radio', { name: /知乎回答/ }));
    await user.click(within(dialog).getByTestId('repurpose-start'));
    const banner = await within(dialog).findByTestId('business-limit-banner');
    expect(banner).toHaveTextContent('最多同时进行2个创作任务');
    expect(within(banner).queryByRole('link', { name: '去充值' })).not.toBeInTheDocument();
  });

  it('cancels a run under way, then offers the choice again', async () => {
    const { calls } = stubApi({
      [REPURPOSE_QUOTE_PATH]: quote(23, 300),
      [repurposePath('a1')]: jsonResponse(STARTED),
      [cancelPath('t1')]: jsonResponse({ status: 'success', code: 0, message: '任务已取消' }),
    });
    const scripted = follow();
    const { user, dialog } = renderDialog(scripted.deps);
    await user.click(within(dialog).getByRole('radio', { name: /今日头条文章/ }));
    await user.click(within(dialog).getByTestId('repurpose-start'));
    await waitFor(() => expect(scripted.stream()).toBeDefined(), CONNECTED);

    await user.click(within(dialog).getByTestId('repurpose-cancel'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/v1/articles/a1/repurpose', '/api/v1/articles/t1/cancel']);
    scripted.stream()!.emit(progress('error', { error: '任务已取消' }), 5);
    expect(await within(dialog).findByTestId('repurpose-ended-message')).toHaveTextContent('任务已取消，预扣的金币已退回。');

    await user.click(within(dialog).getByRole('button', { name: '重新选择' }));
    expect(within(dialog).getByRole('radio', { name: /今日头条文章/ })).not.toBeChecked();
  });
});
