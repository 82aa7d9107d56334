import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, jsonResponse, proUser, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AdvancedCreatePage } from './AdvancedCreatePage';
import { LAST_RUN_KEY, rememberAdvancedRun, rememberGuidedRun } from './advanced-settings-storage';
import { advancedDefaults } from './form-values';
import { limitAnswer, pending, quoteAnswer, quoteWithPrevious, stubCreationServer } from './test-server';

vi.mock('./generation-panel/GenerationPanel', () => ({
  GenerationPanel: (props: { state: { status: string }; advanced: boolean }) => (
    <div data-testid="panel" data-status={props.state.status} data-advanced={String(props.advanced)} />
  ),
}));
vi.mock('../my-articles/MyArticlesPanel', () => ({ MyArticlesPanel: () => <p>我的文章列表</p> }));

const GENERATE = '/api/v1/articles/generate';
const QUOTE = '/api/v1/articles/quote';

function renderAdvanced(auth = fakeAuth({ user: proUser(), isPro: true })) {
  const user = userEvent.setup();
  return { user, ...renderWithProviders(<AdvancedCreatePage />, { path: '/advanced-create', auth }) };
}

const submitButton = () => screen.getByTestId('generate-button');
const toastTexts = () => screen.queryAllByRole('status').map((toast) => toast.textContent);

describe('AdvancedCreatePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('shows the advanced tabs, the way back, the Pro badge and the advanced length range', () => {
    stubCreationServer();
    renderAdvanced();
    expect(screen.getByTestId('tab-create')).toHaveTextContent('高级创作');
    expect(screen.getByTestId('tab-articles')).toHaveTextContent('我的文章');
    expect(screen.getByRole('link', { name: '返回基础模式' })).toHaveAttribute('href', '/create');
    expect(screen.getByText('PRO')).toBeInTheDocument();
    expect(screen.getByLabelText(/创作要求/)).toBeRequired();
    const slider = screen.getByTestId('length-slider');
    expect(slider).toHaveAttribute('min', '500');
    expect(slider).toHaveAttribute('max', '10000');
    expect(slider).toHaveValue('3000');
    expect(submitButton()).toHaveTextContent('开始高级创作');
    expect(screen.getByTestId('panel')).toHaveAttribute('data-advanced', 'true');
    // The knowledge base is section 3 and starts off.
    expect(screen.getByRole('region', { name: '知识库' })).toBeInTheDocument();
    expect(screen.getByTestId('kb-toggle')).not.toBeChecked();
  });

  it('folds the settings away and back', async () => {
    stubCreationServer();
    const { user } = renderAdvanced();
    await user.click(screen.getByRole('button', { name: '收起设置' }));
    expect(screen.getByLabelText('行业领域')).not.toBeVisible();
    expect(screen.getByTestId('topic-input')).toBeVisible();
    await user.click(screen.getByRole('button', { name: '展开高级设置' }));
    expect(screen.getByLabelText('行业领域')).toBeVisible();
  });

  it('sends reference text and SEO settings, remembers them, and locks the form while the run starts', async () => {
    const server = stubCreationServer({ [GENERATE]: pending });
    const { user } = renderAdvanced();
    await user.type(screen.getByTestId('topic-input'), '中小企业数字化转型指南');
    await user.selectOptions(screen.getByLabelText('行业领域'), 'custom');
    await user.type(screen.getByLabelText('自定义行业'), '跨境电商');
    await user.click(screen.getByRole('switch', { name: '使用参考文章' }));
    await user.click(screen.getByRole('radio', { name: '文本' }));
    await user.type(screen.getByLabelText('参考文章内容'), '参考正文');
    await user.click(screen.getByRole('switch', { name: '启用SEO优化' }));
    await user.type(screen.getByLabelText('SEO关键词'), '转型,ERP');
    await user.click(screen.getByRole('checkbox', { name: '针对平台优化' }));
    await user.click(submitButton());

    await waitFor(() => expect(submitButton()).toHaveTextContent('生成中...'));
    expect(screen.getByTestId('topic-input')).toBeDisabled();
    expect(screen.getByLabelText('行业领域')).toBeDisabled();
    expect(screen.getByRole('switch', { name: '启用SEO优化' })).toBeDisabled();
    expect(submitButton()).toBeDisabled();

    expect(server.generateBodies).toHaveLength(1);
    expect(server.generateBodies[0]).toMatchObject({
      topic: '中小企业数字化转型指南',
      advanced_mode: true,
      deepspaceId: String(proUser().deepspaceId),
      settings: {
        industry: '跨境电商',
        customIndustry: '跨境电商',
        length: 3000,
        useKnowledgeBase: false,
        useReferenceDoc: true,
        referenceUrl: null,
        referenceText: '参考正文',
        enableSeo: true,
        seoKeywords: ['转型', 'ERP'],
        seoOptions: { optimizePlatform: false, optimizeTitleAndContent: true },
      },
    });
    expect(JSON.parse(localStorage.getItem(LAST_RUN_KEY) ?? 'null')).toMatchObject({
      advanced: true,
      values: { topic: '中小企业数字化转型指南', customIndustry: '跨境电商', referenceType: 'text', seoKeywords: '转型,ERP' },
    });
  });

  it('unlocks the form after a failed start and shows the limit banner', async () => {
    stubCreationServer({ [GENERATE]: limitAnswer('生成次数超限：最多同时进行2个创作任务') });
    const { user } = renderAdvanced();
    await user.type(screen.getByTestId('topic-input'), '选题');
    await user.click(submitButton());
    expect(await screen.findByTestId('business-limit-banner')).toHaveTextContent('生成次数超限：最多同时进行2个创作任务');
    expect(submitButton()).toHaveTextContent('当前操作受限');
    expect(screen.getByTestId('topic-input')).toBeEnabled();
  });

  it('unlocks the form after a failed start without a limit', async () => {
    stubCreationServer({ [GENERATE]: async () => jsonResponse({ status: 'error', code: 500, error: '模型服务异常' }) });
    const { user } = renderAdvanced();
    await user.type(screen.getByTestId('topic-input'), '选题');
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByTestId('panel')).toHaveAttribute('data-status', 'error'));
    expect(screen.getByTestId('topic-input')).toBeEnabled();
    expect(submitButton()).toHaveTextContent('开始高级创作');
    expect(submitButton()).toBeEnabled();
    expect(toastTexts()).toContain('模型服务异常');
  });

  it('restores the settings of the last run when it was advanced', () => {
    stubCreationServer();
    rememberAdvancedRun(localStorage, {
      ...advancedDefaults(),
      topic: '上次的要求',
      industry: 'finance',
      length: 5200,
      platform: 'zhihu',
      useReferenceDoc: true,
      referenceUrl: 'https://example.com/ref',
      enableSeo: true,
      seoKeywords: '理财',
    });
    renderAdvanced();
    expect(screen.getByTestId('topic-input')).toHaveValue('上次的要求');
    expect(screen.getByLabelText('行业领域')).toHaveValue('finance');
    expect(screen.getByTestId('length-slider')).toHaveValue('5200');
    expect(screen.getByLabelText('发布平台')).toHaveValue('zhihu');
    expect(screen.getByLabelText('参考文章链接')).toHaveValue('https://example.com/ref');
    expect(screen.getByLabelText('SEO关键词')).toHaveValue('理财');
  });

  it('starts from the defaults when the last run was guided', () => {
    stubCreationServer();
    rememberAdvancedRun(localStorage, { ...advancedDefaults(), topic: '上次的要求' });
    rememberGuidedRun(localStorage);
    renderAdvanced();
    expect(screen.getByTestId('topic-input')).toHaveValue('');
    expect(screen.getByTestId('length-slider')).toHaveValue('3000');
  });

  it('clears the keywords when SEO is turned off', async () => {
    stubCreationServer();
    const { user } = renderAdvanced();
    const seo = screen.getByRole('switch', { name: '启用SEO优化' });
    await user.click(seo);
    await user.type(screen.getByLabelText('SEO关键词'), '转型');
    await user.click(seo);
    expect(screen.queryByLabelText('SEO关键词')).not.toBeInTheDocument();
    await user.click(seo);
    expect(screen.getByLabelText('SEO关键词')).toHaveValue('');
  });

  it('shows a basic user the page with an upgrade notice and no way to submit', async () => {
    const server = stubCreationServer();
    const { user } = renderAdvanced(fakeAuth({ user: sampleUser() }));
    expect(screen.getByText(/高级创作模式仅对Pro用户开放/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去升级' })).toHaveAttribute('href', '/pricing');
    await user.type(screen.getByTestId('topic-input'), '选题');
    expect(submitButton()).toBeDisabled();
    expect(server.generateBodies).toEqual([]);
  });

  it('shows a Pro user the price and balance of the advanced article by the submit button', async () => {
    const server = stubCreationServer({ [QUOTE]: quoteAnswer(67, 3500) });
    renderAdvanced();
    const line = await screen.findByTestId('price-and-balance');
    expect(line).toHaveTextContent('本篇消耗 67 币');
    expect(line).toHaveTextContent('当前余额 3500 币');
    expect(server.quoteBodies[0]).toMatchObject({ advanced_mode: true, settings: { length: advancedDefaults().length } });
  });

  it('says before the click that the topic was written before, with the quoted price', async () => {
    let bodies: unknown[] = [];
    const server = stubCreationServer({
      [QUOTE]: quoteWithPrevious(67, 3500, '选题复盘', { count: 1, articleId: 'art-1', title: '选题复盘' }, () => bodies),
    });
    bodies = server.quoteBodies;
    const { user } = renderAdvanced();
    await screen.findByTestId('price-and-balance');
    await user.type(screen.getByTestId('topic-input'), '选题复盘');
    const note = await screen.findByTestId('previous-versions');
    expect(server.quoteBodies.at(-1)).toMatchObject({ advanced_mode: true, topic: '选题复盘' });
    expect(note).toHaveTextContent('你写过这个主题（1 篇）。再次生成会写出一篇新的文章，另扣 67 币');
    expect(screen.getByRole('link', { name: '打开最近一版' })).toHaveAttribute('href', '/editor?articleId=art-1&deepspaceId=7');
  });

  it('refuses an advanced run before starting when the balance is short', async () => {
    const server = stubCreationServer({ [QUOTE]: quoteAnswer(67, 10), [GENERATE]: pending });
    const { user } = renderAdvanced();
    expect(await screen.findByTestId('business-limit-banner')).toHaveTextContent('余额不足');
    await user.type(screen.getByTestId('topic-input'), '选题');
    expect(submitButton()).toBeDisabled();
    expect(screen.getByTestId('short-balance')).toContainElement(screen.getAllByRole('link', { name: '去充值' })[1]!);
    expect(server.generateBodies).toEqual([]);
  });

  it('does not quote a basic user, who cannot start an advanced run', async () => {
    const server = stubCreationServer({ [QUOTE]: quoteAnswer(67, 300) });
    renderAdvanced(fakeAuth({ user: sampleUser() }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.quoteBodies).toEqual([]);
    expect(screen.queryByTestId('price-and-balance')).not.toBeInTheDocument();
  });
});
