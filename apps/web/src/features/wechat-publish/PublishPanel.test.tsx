import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WECHAT_FREEPUBLISH_NOTICE, type WechatAccount } from '@tianma/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { WECHAT_ACCOUNTS_PATH } from '../wechat-accounts/wechat-accounts-api';
import { BIND_ACCOUNT_HREF } from './AccountChooser';
import { CONFIRM_REQUIRED_TEXT, PREFLIGHT_BLOCKED_TEXT, PublishPanel } from './PublishPanel';
import { preflightPath, publicationPath, publicationsPath, publishPath } from './publish-api';
import { toLocalInputValue } from './publish-text';
import { POLL_INTERVAL_MS } from './use-publication-poll';

const ACCOUNT: WechatAccount = { accountId: 'wxa_1', appId: 'wx0123456789abcdef', name: '天马测试号' };
const NO_DRAFT_RIGHTS = '公众号没有草稿箱接口权限：请先完成微信认证（errcode 48001）';

const REPORT = {
  html: '<section></section>',
  theme: 'tech',
  findings: [
    { kind: 'external-links', level: 'info', count: 2, message: '2 个外部链接：公众号只保留 mp.weixin.qq.com 的链接', fix: '改成文末的参考链接，正文里保留编号', examples: ['https://example.com/a'] },
    { kind: 'raw-html', level: 'warn', count: 1, message: 'Markdown 中有 1 处原始 HTML', fix: '请删除这些 HTML', examples: ['<div class="x">'] },
  ],
  limits: [
    { field: 'title', label: '标题', length: 12, max: 32, ok: true },
    { field: 'author', label: '作者', length: 0, max: 16, ok: true },
    { field: 'contentChars', label: '正文字数', length: 3000, max: 20000, ok: true },
  ],
  pictures: { ours: 3, converted: 1, external: 1 },
  ok: true,
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}
type Handler = (call: Call) => Response | Promise<Response>;

/** The publish routes over what the test gives; every call is recorded. */
function fakeServer({
  accounts = [ACCOUNT],
  report = REPORT,
  publications = [],
  publish,
  poll,
}: { accounts?: WechatAccount[]; report?: unknown; publications?: unknown[]; publish?: Handler; poll?: Handler } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = { path: String(input), method: init.method ?? 'GET', body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined };
      calls.push(call);
      if (call.path === WECHAT_ACCOUNTS_PATH) return jsonResponse({ success: true, data: accounts });
      if (call.path === preflightPath('a1')) return jsonResponse({ success: true, data: report });
      if (call.path === publicationsPath('a1')) return jsonResponse({ success: true, data: publications });
      if (call.path === publishPath('a1') && publish) return publish(call);
      if (call.path.startsWith('/api/v1/publish/') && call.method === 'GET' && poll) return poll(call);
      if (call.path.startsWith('/api/v1/publish/') && call.method === 'DELETE') return jsonResponse({ success: true });
      return jsonResponse({ success: false, message: '未找到' }, { status: 404 });
    }),
  );
  const count = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path).length;
  return { calls, count, bodies: (path: string) => calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body) };
}

function renderPanel(theme: 'clean' | 'tech' = 'tech', user = userEvent.setup()) {
  const rendered = renderWithProviders(<PublishPanel articleId="a1" theme={theme} />);
  return { user, ...rendered };
}

/** Under a loaded machine the fake answers take longer than testing-library's default second. */
const LOADED = { timeout: 5000 };

const submitButton = (name: string | RegExp = '存入草稿箱') => screen.getByRole('button', { name });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PublishPanel', () => {
  it('without a bound account: says so, links to the profile page’s 公众号 section, and offers no publish', async () => {
    const server = fakeServer({ accounts: [] });
    renderPanel();
    expect(await screen.findByText('还没有绑定公众号', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去绑定公众号' })).toHaveAttribute('href', BIND_ACCOUNT_HREF);
    expect(screen.queryByRole('button', { name: '存入草稿箱' })).not.toBeInTheDocument();
    expect(server.count('POST', publishPath('a1'))).toBe(0);
  });

  it('shows the preflight report for the theme as a readable list: what WeChat changes, the fix, pictures, limits', async () => {
    const server = fakeServer({ report: { ...REPORT, limits: [...REPORT.limits, { field: 'digest', label: '摘要', length: 140, max: 128, ok: false }], ok: false } });
    const { user } = renderPanel('tech');
    const report = await screen.findByRole('region', { name: '预检' }, LOADED);
    expect(await within(report).findByText('2 个外部链接：公众号只保留 mp.weixin.qq.com 的链接', {}, LOADED)).toBeInTheDocument();
    expect(within(report).getByText('我们的处理：改成文末的参考链接，正文里保留编号')).toBeInTheDocument();
    expect(within(report).getByText('<div class="x">')).toBeInTheDocument();
    expect(within(report).getByText('3 张本站图片会上传到公众号（其中 1 张先转为 JPG）；1 张外部图片公众号无法显示，会被去掉。')).toBeInTheDocument();
    const limits = within(report).getByRole('list', { name: '字数限制' });
    expect(within(limits).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['标题12 / 32未超出', '作者0 / 16未超出', '正文字数3000 / 20000未超出', '摘要140 / 128（超出 12，请缩短）']);
    expect(within(report).getByTestId('preflight-summary')).toHaveTextContent('需要先修改文章，才能存入草稿箱');
    expect(server.bodies(preflightPath('a1'))).toEqual([{ theme: 'tech' }]);
    // Not publishable as it stands: the button says why; a digest of one's own mends it.
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription(PREFLIGHT_BLOCKED_TEXT);
    await user.type(screen.getByLabelText('摘要（选填）'), '短摘要');
    expect(within(limits).getByText('摘要').parentElement).toHaveTextContent('摘要3 / 128未超出');
    expect(within(report).getByTestId('preflight-summary')).toHaveTextContent('可以存入草稿箱');
    expect(submitButton()).toBeEnabled();
    expect(report.textContent).not.toContain('{');
  });

  it('puts the article into the draft box with the theme, author and digest, shows progress, then 已存入草稿箱', async () => {
    let release: (() => void) | undefined;
    const server = fakeServer({
      publish: async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return jsonResponse({ success: true, data: { publishId: 'wxp_1', state: 'draft_created', mediaId: 'MEDIA_1' } });
      },
    });
    const { user } = renderPanel('tech');
    await screen.findByText('可以存入草稿箱', {}, LOADED);
    expect(screen.getByRole('combobox', { name: '公众号' })).toHaveDisplayValue('天马测试号（wx0123456789abcdef）');
    await user.type(screen.getByLabelText('作者（选填）'), '天马');
    expect(screen.getByText('2/16')).toBeInTheDocument();
    await user.type(screen.getByLabelText('摘要（选填）'), '一段摘要');
    expect(screen.getByText('4/128')).toBeInTheDocument();
    // The report's limits follow what is typed.
    expect(within(screen.getByRole('list', { name: '字数限制' })).getByText('作者').parentElement).toHaveTextContent('作者2 / 16未超出');
    await user.click(submitButton());
    expect(await screen.findByText(/正在上传图片并存入草稿箱/)).toBeInTheDocument();
    // Nothing is called a success before the server answers.
    expect(screen.queryByText('已存入草稿箱')).not.toBeInTheDocument();
    await act(async () => release?.());
    expect(await screen.findByText('已存入草稿箱', {}, LOADED)).toBeInTheDocument();
    expect(server.bodies(publishPath('a1'))).toEqual([{ accountId: 'wxa_1', theme: 'tech', author: '天马', digest: '一段摘要' }]);
  });

  it('存入草稿箱并发表: shows the shared warning and needs the confirmation before sending submit', async () => {
    const server = fakeServer({ publish: () => jsonResponse({ success: true, data: { publishId: 'wxp_2', state: 'submitted', mediaId: 'M' } }), poll: () => jsonResponse({ success: true, data: { publishId: 'wxp_2', state: 'submitted' } }) });
    const { user } = renderPanel();
    await screen.findByText('可以存入草稿箱', {}, LOADED);
    expect(screen.queryByText(WECHAT_FREEPUBLISH_NOTICE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /存入草稿箱并发表/ }));
    expect(screen.getByText(WECHAT_FREEPUBLISH_NOTICE)).toBeInTheDocument();
    const button = submitButton('存入草稿箱并发表');
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(CONFIRM_REQUIRED_TEXT);
    await user.click(screen.getByRole('checkbox', { name: '我已了解，仍要直接发表' }));
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByText('发表中（等待微信确认）', {}, LOADED)).toBeInTheDocument();
    expect(server.bodies(publishPath('a1'))).toEqual([{ accountId: 'wxa_1', theme: 'tech', submit: true }]);
    // Back to draft only: the confirmation is asked again next time.
    await user.click(screen.getByRole('radio', { name: /仅存入草稿箱/ }));
    await user.click(screen.getByRole('radio', { name: /存入草稿箱并发表/ }));
    expect(screen.getByRole('checkbox', { name: '我已了解，仍要直接发表' })).not.toBeChecked();
  });

  it('定时: refuses a time under 2 minutes or past 30 days before sending, then schedules and can cancel', async () => {
    const server = fakeServer({
      publish: (call) => jsonResponse({ success: true, data: { publishId: 'wxp_3', state: 'queued', scheduledAt: (call.body as { scheduleAt: string }).scheduleAt } }),
    });
    const { user } = renderPanel();
    await screen.findByText('可以存入草稿箱', {}, LOADED);
    await user.click(screen.getByRole('checkbox', { name: '定时' }));
    const input = screen.getByLabelText(/存入时间/);
    expect(input).toHaveAttribute('type', 'datetime-local');

    const set = (date: Date) => {
      const value = toLocalInputValue(date);
      // A datetime-local field is set as a whole, as the browser's picker does.
      act(() => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      return value;
    };
    set(new Date(Date.now() + 60_000));
    await user.click(submitButton('定时发布'));
    expect(await screen.findByRole('alert')).toHaveTextContent('至少要在 2 分钟之后');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    set(new Date(Date.now() + 31 * 24 * 3600_000));
    await user.click(submitButton('定时发布'));
    expect(await screen.findByRole('alert')).toHaveTextContent('不能超过 30 天');
    expect(server.count('POST', publishPath('a1'))).toBe(0);

    const when = new Date(Date.now() + 24 * 3600_000);
    when.setSeconds(0, 0);
    set(when);
    await user.click(submitButton('定时发布'));
    const card = await screen.findByTestId('wechat-publication', {}, LOADED);
    expect(card).toHaveTextContent(`已排期（${when.getMonth() + 1}月${when.getDate()}日`);
    expect(server.bodies(publishPath('a1'))).toEqual([{ accountId: 'wxa_1', theme: 'tech', scheduleAt: when.toISOString() }]);

    await user.click(within(card).getByRole('button', { name: '取消定时' }));
    await waitFor(() => expect(screen.queryByTestId('wechat-publication')).not.toBeInTheDocument());
    expect(server.count('DELETE', publicationPath('wxp_3'))).toBe(1);
  });

  it('failed: shows 失败 with WeChat’s Chinese message, never a success', async () => {
    fakeServer({ publish: () => jsonResponse({ success: false, errcode: 48001, message: NO_DRAFT_RIGHTS, data: { publishId: 'wxp_4', state: 'failed', message: NO_DRAFT_RIGHTS } }, { status: 400 }) });
    const { user } = renderPanel();
    await screen.findByText('可以存入草稿箱', {}, LOADED);
    await user.click(submitButton());
    const failed = await screen.findByTestId('wechat-publish-failed', {}, LOADED);
    expect(failed).toHaveTextContent('失败');
    expect(failed).toHaveTextContent(NO_DRAFT_RIGHTS);
    expect(screen.queryByText('已存入草稿箱')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('while WeChat is publishing: asks every 5 s and stops at 已发表, with the article’s link', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const answers = [
      { publishId: 'wxp_5', state: 'submitted' },
      { publishId: 'wxp_5', state: 'published', articleUrl: 'https://mp.weixin.qq.com/s/abc' },
    ];
    const server = fakeServer({
      publications: [{ publishId: 'wxp_5', state: 'submitted', createdAt: new Date().toISOString(), accountName: '天马测试号' }],
      poll: () => jsonResponse({ success: true, data: answers.shift() ?? { publishId: 'wxp_5', state: 'published' } }),
    });
    renderPanel(undefined, userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    // The article's latest publication is shown when the panel opens, and followed.
    expect(await screen.findByText('发表中（等待微信确认）', {}, LOADED)).toBeInTheDocument();
    expect(server.count('GET', publicationPath('wxp_5'))).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    await waitFor(() => expect(server.count('GET', publicationPath('wxp_5'))).toBe(1), LOADED);
    expect(screen.getByText('发表中（等待微信确认）')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(await screen.findByText('已发表', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '打开文章' })).toHaveAttribute('href', 'https://mp.weixin.qq.com/s/abc');
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    expect(server.count('GET', publicationPath('wxp_5'))).toBe(2);
  });

  it('stops asking when closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const server = fakeServer({
      publications: [{ publishId: 'wxp_6', state: 'submitted' }],
      poll: () => jsonResponse({ success: true, data: { publishId: 'wxp_6', state: 'submitted' } }),
    });
    const { unmount } = renderPanel();
    await screen.findByText('发表中（等待微信确认）', {}, LOADED);
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    await waitFor(() => expect(server.count('GET', publicationPath('wxp_6'))).toBe(1), LOADED);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    expect(server.count('GET', publicationPath('wxp_6'))).toBe(1);
  });
});
