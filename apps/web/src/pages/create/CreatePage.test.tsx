import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RUNNING_TASK_KEY } from '../../features/generation/running-task';
import { fakeAuth, proUser, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { LAST_RUN_KEY } from './advanced-settings-storage';
import { CreatePage } from './CreatePage';
import { limitAnswer, pending, quoteAnswer, quoteWithPrevious, stubCreationServer, systemReady } from './test-server';

// The panel and the article list have their own tests; stand-ins show what the page hands them.
vi.mock('./generation-panel/GenerationPanel', () => ({
  GenerationPanel: (props: { state: { status: string }; advanced: boolean; onBack(): void; onShowMyArticles(): void }) => (
    <div data-testid="panel" data-status={props.state.status} data-advanced={String(props.advanced)}>
      <button type="button" onClick={props.onBack}>
        返回
      </button>
      <button type="button" onClick={props.onShowMyArticles}>
        稍后查看
      </button>
    </div>
  ),
}));
vi.mock('../my-articles/MyArticlesPanel', () => ({ MyArticlesPanel: () => <p>我的文章列表</p> }));

const GENERATE = '/api/v1/articles/generate';
const STATUS = '/api/v1/system/status';
const QUOTE = '/api/v1/articles/quote';

function renderCreate(auth = fakeAuth({ user: sampleUser() }), path = '/create') {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<CreatePage />, { path: path.split('?')[0], auth });
  if (path.includes('?')) void rendered.router.navigate(path);
  return { user, ...rendered };
}

const toastTexts = () => screen.queryAllByRole('status').map((toast) => toast.textContent);
const submitButton = () => screen.getByTestId('generate-button');

describe('CreatePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('shows the guided form with its defaults', async () => {
    stubCreationServer({ [STATUS]: systemReady() });
    renderCreate();
    expect(screen.getByRole('heading', { name: '创作设置' })).toBeInTheDocument();
    expect(screen.getByText('引导创作模式')).toBeInTheDocument();
    expect(screen.getByLabelText('目标受众')).toHaveValue('worker');
    expect(screen.getByLabelText('文章类型')).toHaveValue('practical_guide');
    expect(screen.getByLabelText('写作风格')).toHaveValue('professional_logical');
    expect(screen.getByLabelText('发布平台')).toHaveValue('wechat');
    expect(screen.getByTestId('length-slider')).toHaveAttribute('min', '200');
    expect(screen.getByTestId('length-slider')).toHaveAttribute('max', '6000');
    expect(screen.getByTestId('length-slider')).toHaveValue('2000');
    expect(screen.getByText('2000 字')).toBeInTheDocument();
    expect(screen.queryByLabelText('自定义受众')).not.toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('开始生成');
    expect(submitButton()).toBeDisabled();
    expect(await screen.findByText('AI 系统就绪')).toBeInTheDocument();
  });

  it('shows the custom audience field only for 自定义', async () => {
    stubCreationServer();
    const { user } = renderCreate();
    await user.selectOptions(screen.getByLabelText('目标受众'), 'custom');
    expect(screen.getByLabelText('自定义受众')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('目标受众'), 'student');
    expect(screen.queryByLabelText('自定义受众')).not.toBeInTheDocument();
  });

  it('refuses a topic of spaces with 请输入文章主题 and sends nothing', async () => {
    const server = stubCreationServer();
    const { user } = renderCreate();
    await user.type(screen.getByTestId('topic-input'), '   ');
    await user.click(submitButton());
    expect(toastTexts()).toContain('请输入文章主题');
    expect(server.generateBodies).toEqual([]);
  });

  it('refuses a user without a deepspaceId', async () => {
    const server = stubCreationServer();
    const broken = { ...sampleUser(), deepspaceId: null } as unknown as ReturnType<typeof sampleUser>;
    const { user } = renderCreate(fakeAuth({ user: broken }));
    await user.type(screen.getByTestId('topic-input'), '如何高效学习');
    await user.click(submitButton());
    expect(toastTexts()).toContain('用户信息无效，请重新登录');
    expect(server.generateBodies).toEqual([]);
  });

  it('tells a basic user that advanced mode is for Pro, and stays', async () => {
    stubCreationServer();
    const { user, router } = renderCreate();
    await user.click(screen.getByTestId('advanced-mode-button'));
    expect(toastTexts()).toContain('高级创作模式仅对Pro用户开放，请升级您的账户');
    expect(router.state.location.pathname).toBe('/create');
  });

  it('takes a Pro user to advanced mode', async () => {
    stubCreationServer();
    const { user } = renderCreate(fakeAuth({ user: proUser(), isPro: true }));
    await user.click(screen.getByTestId('advanced-mode-button'));
    expect(screen.getByTestId('location')).toHaveTextContent('/advanced-create');
  });

  it('sends the guided request and reads 生成中... while the run starts', async () => {
    const server = stubCreationServer({ [GENERATE]: pending });
    const { user } = renderCreate(fakeAuth({ user: proUser(), isPro: true }));
    await user.type(screen.getByTestId('topic-input'), '  如何高效学习 ');
    await user.selectOptions(screen.getByLabelText('目标受众'), 'custom');
    await user.type(screen.getByLabelText('自定义受众'), '新手程序员');
    await user.selectOptions(screen.getByLabelText('写作风格'), 'colloquial_fun');
    await user.click(submitButton());

    await waitFor(() => expect(submitButton()).toHaveTextContent('生成中...'));
    expect(submitButton()).toBeDisabled();
    expect(screen.getByTestId('advanced-mode-button')).toBeDisabled();
    expect(screen.getByTestId('panel')).toHaveAttribute('data-status', 'search_and_extract');
    expect(screen.getByTestId('panel')).toHaveAttribute('data-advanced', 'false');
    expect(server.generateBodies).toEqual([
      {
        connection_id: null,
        topic: '如何高效学习',
        advanced_mode: false,
        deepspaceId: '7',
        settings: {
          audience: '新手程序员',
          customAudience: '新手程序员',
          type: 'practical_guide',
          style: 'colloquial_fun',
          length: 2000,
          platform: 'wechat',
        },
      },
    ]);
    // The advanced form will not restore settings after a guided run.
    expect(JSON.parse(localStorage.getItem(LAST_RUN_KEY) ?? 'null')).toEqual({ advanced: false });
  });

  it('shows the business-limit banner and 当前操作受限 until the user goes back', async () => {
    stubCreationServer({ [GENERATE]: limitAnswer('余额不足：本次创作需要100币，请先充值') });
    const { user } = renderCreate();
    await user.type(screen.getByTestId('topic-input'), '如何高效学习');
    await user.click(submitButton());

    const banner = await screen.findByTestId('business-limit-banner');
    expect(banner).toHaveTextContent('业务限制提醒');
    expect(banner).toHaveTextContent('余额不足：本次创作需要100币，请先充值');
    expect(banner).toHaveTextContent('联系客服');
    expect(submitButton()).toHaveTextContent('当前操作受限');
    expect(submitButton()).toBeDisabled();
    expect(toastTexts()).toContain('余额不足：本次创作需要100币，请先充值');

    await user.click(screen.getByRole('button', { name: '返回' }));
    expect(screen.queryByTestId('business-limit-banner')).not.toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('开始生成');
    expect(submitButton()).toBeEnabled();
    expect(screen.getByTestId('panel')).toHaveAttribute('data-status', 'idle');
  });

  it('picks up a run remembered in sessionStorage', async () => {
    sessionStorage.setItem(
      RUNNING_TASK_KEY,
      JSON.stringify({ taskId: 't9', articleId: 'a9', settings: { topic: 'x', advanced_mode: true, deepspaceId: '7', settings: {} } }),
    );
    const server = stubCreationServer();
    renderCreate();
    await waitFor(() => expect(screen.getByTestId('panel')).toHaveAttribute('data-status', 'search_and_extract'));
    expect(screen.getByTestId('panel')).toHaveAttribute('data-advanced', 'true');
    expect(submitButton()).toHaveTextContent('生成中...');
    expect(server.fetchMock.mock.calls.map(([path]) => String(path))).toContain('/api/v1/articles/generate/stream/t9');
  });

  it('switches to my articles by tab, by URL and from the panel', async () => {
    stubCreationServer();
    const { user, router } = renderCreate();
    expect(screen.queryByText('我的文章列表')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('tab-articles'));
    expect(screen.getByText('我的文章列表')).toBeInTheDocument();
    expect(screen.getByTestId('tab-articles')).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=articles');
    expect(screen.getByTestId('topic-input')).not.toBeVisible();

    await user.click(screen.getByTestId('tab-create'));
    expect(screen.queryByText('我的文章列表')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');

    await user.click(screen.getByRole('button', { name: '稍后查看' }));
    expect(screen.getByText('我的文章列表')).toBeInTheDocument();
  });

  it('opens on my articles with ?tab=articles', async () => {
    stubCreationServer();
    renderCreate(undefined, '/create?tab=articles');
    expect(await screen.findByText('我的文章列表')).toBeInTheDocument();
  });

  it('shows this article’s price and the balance by the submit button, asked again when the settings change', async () => {
    const server = stubCreationServer({ [QUOTE]: quoteAnswer(67, 300) });
    const { user } = renderCreate();
    const line = await screen.findByTestId('price-and-balance');
    expect(line).toHaveTextContent('本篇消耗 67 币');
    expect(line).toHaveTextContent('当前余额 300 币');
    expect(submitButton().parentElement).toContainElement(line);
    expect(server.quoteBodies).toEqual([
      { advanced_mode: false, settings: { audience: 'worker', type: 'practical_guide', style: 'professional_logical', length: 2000, platform: 'wechat' } },
    ]);
    expect(screen.queryByTestId('business-limit-banner')).not.toBeInTheDocument();

    // The topic and the settings are asked about once they rest (the topic only for earlier versions).
    await user.type(screen.getByTestId('topic-input'), '如何高效学习');
    await user.selectOptions(screen.getByLabelText('发布平台'), 'zhihu');
    await user.selectOptions(screen.getByLabelText('写作风格'), 'colloquial_fun');
    await waitFor(() => expect(server.quoteBodies).toHaveLength(2));
    expect(server.quoteBodies[1]).toMatchObject({ topic: '如何高效学习', settings: { platform: 'zhihu', style: 'colloquial_fun' } });
    expect(screen.queryByTestId('previous-versions')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('says before the click that a topic written before makes a new version, charged again at the quoted price', async () => {
    let bodies: unknown[] = [];
    const server = stubCreationServer({
      [QUOTE]: quoteWithPrevious(80, 300, '如何高效学习', { count: 2, articleId: 'art-latest', title: '高效学习的五个方法' }, () => bodies),
      [GENERATE]: pending,
    });
    bodies = server.quoteBodies;
    const { user } = renderCreate();
    await screen.findByTestId('price-and-balance');
    expect(screen.queryByTestId('previous-versions')).not.toBeInTheDocument();

    await user.type(screen.getByTestId('topic-input'), '  如何高效学习 ');
    const note = await screen.findByTestId('previous-versions');
    expect(server.quoteBodies.at(-1)).toMatchObject({ topic: '如何高效学习' });
    // The price is the quote's (80 here), not a constant.
    expect(note).toHaveTextContent('你写过这个主题（2 篇）。再次生成会写出一篇新的文章，另扣 80 币；之前的版本仍在“我的文章”里。');
    expect(screen.getByRole('link', { name: '我的文章' })).toHaveAttribute('href', '/my-articles');
    const latest = screen.getByRole('link', { name: '打开最近一版' });
    expect(latest).toHaveAttribute('href', '/editor?articleId=art-latest&deepspaceId=7');
    expect(latest).toHaveAttribute('target', '_blank');
    expect(latest).toHaveAttribute('title', '高效学习的五个方法');
    expect(server.generateBodies).toEqual([]);

    // Another topic: the note goes at once, before the next answer.
    await user.type(screen.getByTestId('topic-input'), '的方法');
    expect(screen.queryByTestId('previous-versions')).not.toBeInTheDocument();
    await waitFor(() => expect(server.quoteBodies.at(-1)).toMatchObject({ topic: '如何高效学习 的方法' }));
    expect(screen.queryByTestId('previous-versions')).not.toBeInTheDocument();
    expect(screen.getByTestId('article-price')).toHaveTextContent('80');
  });

  it('refuses before starting when the balance is short, with 余额不足 and a link to /pricing, on every visit', async () => {
    const server = stubCreationServer({ [QUOTE]: quoteAnswer(67, 50), [GENERATE]: pending });
    const { user, unmount } = renderCreate();
    const banner = await screen.findByTestId('business-limit-banner');
    expect(banner).toHaveTextContent('业务限制提醒');
    expect(banner).toHaveTextContent('余额不足：本篇文章需要 67 币，当前余额 50 币，请先充值');
    expect(banner).toHaveTextContent('请检查您的账户状态（余额、会员权益），或联系客服获取帮助。');
    const short = screen.getByTestId('short-balance');
    expect(short).toHaveTextContent('余额不足');
    expect(screen.getAllByRole('link', { name: '去充值' }).map((link) => link.getAttribute('href'))).toEqual(['/pricing', '/pricing']);

    await user.type(screen.getByTestId('topic-input'), '如何高效学习');
    expect(submitButton()).toHaveTextContent('当前操作受限');
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByTestId('topic-input'), '{Enter}');
    expect(server.generateBodies).toEqual([]);

    // A reload: the page asks again and the banner is back at once, without a click.
    unmount();
    renderCreate();
    expect(await screen.findByTestId('business-limit-banner')).toHaveTextContent('余额不足');
    expect(server.generateBodies).toEqual([]);
  });
});
