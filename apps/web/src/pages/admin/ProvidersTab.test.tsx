import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import { inAQuarterHour, inTurn, renderConsole, session } from './admin-test-support';
import type { ProviderInfo } from './providers-api';

const PROVIDERS = '/api/admin/providers';
const LLM = '/api/admin/providers/llm';
const SEARCH = '/api/admin/providers/search';
const EMBEDDINGS = '/api/admin/providers/embeddings';
const IMAGES = '/api/admin/providers/images';
const STOCK = '/api/admin/providers/stock';
const CONFIRM = '/api/admin/confirm';

const llm = (overrides: Partial<ProviderInfo> = {}): ProviderInfo => ({
  kind: 'llm',
  label: '大模型',
  source: 'console',
  switchable: true,
  provider: 'openai-compatible',
  baseUrl: 'https://llm.example.com/v1',
  model: 'qwen-plus',
  options: { outlineModel: 'qwen-max' },
  keySet: true,
  status: 'ok',
  latencyMs: 812,
  updatedAt: '2026-01-05T06:03:00.000Z',
  ...overrides,
});
const search = (overrides: Partial<ProviderInfo> = {}): ProviderInfo => ({
  kind: 'search',
  label: '联网搜索',
  source: 'default',
  switchable: true,
  provider: 'none',
  baseUrl: '',
  model: null,
  keySet: false,
  status: 'off',
  ...overrides,
});
const embeddings = (overrides: Partial<ProviderInfo> = {}): ProviderInfo => ({
  kind: 'embeddings',
  label: '向量模型',
  source: 'default',
  switchable: true,
  provider: 'local',
  baseUrl: '',
  model: null,
  keySet: false,
  status: 'default',
  ...overrides,
});
const images = (overrides: Partial<ProviderInfo> = {}): ProviderInfo => ({
  kind: 'images',
  label: '配图生成',
  source: 'default',
  switchable: true,
  provider: 'cards',
  baseUrl: '',
  model: null,
  keySet: false,
  status: 'default',
  ...overrides,
});
const stock = (overrides: Partial<ProviderInfo> = {}): ProviderInfo => ({
  kind: 'stock',
  label: '图库',
  source: 'default',
  switchable: true,
  provider: 'none',
  baseUrl: '',
  model: null,
  keySet: false,
  status: 'off',
  ...overrides,
});
const others: ProviderInfo[] = [
  embeddings({ source: 'env', provider: 'openai-compatible', baseUrl: 'https://emb.example.com/v1', model: 'bge-m3', keySet: true, status: 'configured' }),
  images(),
  stock(),
];
const list = (...providers: ProviderInfo[]) => jsonResponse({ success: true, data: providers });
const tested = (status: 'ok' | 'error', latencyMs: number, message: string, more: Record<string, unknown> = {}) =>
  jsonResponse({ success: true, data: { status, latencyMs, message, saved: status === 'ok', ...more } });
const envConflict = (message: string) => jsonResponse({ success: false, code: 'CONFLICT', message }, { status: 409 });

/** An answer that arrives only when the test says so (a slow test call). */
function held() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  // NOTE: stubApi's table takes a Response; its fetch returns what the entry gives, and a promise of one resolves the same.
  return { answer: (() => promise) as unknown as () => Response, release };
}

/** Opens a card's form. */
async function openForm(user: ReturnType<typeof userEvent.setup>, label: string) {
  const card = await screen.findByRole('listitem', { name: label });
  await user.click(within(card).getByRole('button', { name: '修改设置' }));
  return { card, form: within(card).getByRole('form', { name: `修改${label}` }) };
}

describe('the console’s providers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each kind, where its setting comes from and whether a key is set, never a key', async () => {
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [PROVIDERS]: () => list(llm(), search(), ...others),
    });
    renderConsole('/admin?tab=providers');

    const model = await screen.findByRole('listitem', { name: '大模型' });
    expect(screen.getByText('环境变量的设置优先于控制台。各项服务都可在这里切换，切换前会先真实测试一次。')).toBeInTheDocument();
    expect(model).toHaveTextContent('控制台');
    expect(model).toHaveTextContent('OpenAI 兼容接口');
    expect(model).toHaveTextContent('https://llm.example.com/v1');
    expect(model).toHaveTextContent('qwen-plus（大纲 qwen-max）');
    expect(model).toHaveTextContent('密钥：已设置');
    expect(model).toHaveTextContent('正常（测试通过）（测试耗时 812 ms）');
    expect(within(model).getByRole('button', { name: '修改设置' })).toBeInTheDocument();
    expect(within(model).getByRole('button', { name: '恢复默认' })).toBeInTheDocument();

    const web = screen.getByRole('listitem', { name: '联网搜索' });
    expect(web).toHaveTextContent('默认');
    expect(web).toHaveTextContent('密钥：未设置');
    expect(web).toHaveTextContent('未启用');
    // A kind on its default has nothing to reset.
    expect(within(web).queryByRole('button', { name: '恢复默认' })).not.toBeInTheDocument();

    const embeddings = screen.getByRole('listitem', { name: '向量模型' });
    expect(embeddings).toHaveTextContent('环境变量（优先）');
    expect(embeddings).toHaveTextContent('由环境变量配置，控制台无法修改');
    expect(within(embeddings).queryByRole('button')).not.toBeInTheDocument();
    const pictures = screen.getByRole('listitem', { name: '配图生成' });
    expect(pictures).toHaveTextContent('服务商：内置卡片');
    expect(pictures).not.toHaveTextContent('暂不支持在控制台切换');
    expect(within(pictures).getByRole('button', { name: '修改设置' })).toBeInTheDocument();
    const photos = screen.getByRole('listitem', { name: '图库' });
    expect(within(photos).getByRole('button', { name: '修改设置' })).toBeInTheDocument();
  });

  it('keeps a kind the server does not let the console switch read-only', async () => {
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [PROVIDERS]: () => list(llm(), search(), embeddings(), images({ switchable: false }), stock()),
    });
    renderConsole('/admin?tab=providers');
    const pictures = await screen.findByRole('listitem', { name: '配图生成' });
    expect(pictures).toHaveTextContent('暂不支持在控制台切换，请在环境变量中配置');
    expect(within(pictures).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: '向量模型' })).toHaveTextContent('服务商：未启用（关键词检索）');
  });

  it('says the model set in the environment cannot be changed here', async () => {
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [PROVIDERS]: () => list(llm({ source: 'env', status: 'configured', latencyMs: undefined, updatedAt: undefined }), search(), ...others),
    });
    renderConsole('/admin?tab=providers');
    const model = await screen.findByRole('listitem', { name: '大模型' });
    expect(model).toHaveTextContent('环境变量（优先）');
    expect(model).toHaveTextContent('由环境变量配置，控制台无法修改');
    expect(within(model).queryByRole('button')).not.toBeInTheDocument();
    expect(within(model).queryByRole('form')).not.toBeInTheDocument();
  });

  it('switches the model after the password when the test passes, empties the key and refreshes the list', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(null),
      [PROVIDERS]: inTurn(
        () => list(llm(), search(), ...others),
        () => list(llm({ model: 'deepseek-chat', options: {}, latencyMs: 640 }), search(), ...others),
      ),
      [CONFIRM]: () => jsonResponse({ success: true, confirmedUntil: inAQuarterHour() }),
      [LLM]: () => tested('ok', 640, '连接成功'),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=providers');

    const model = await screen.findByRole('listitem', { name: '大模型' });
    await user.click(within(model).getByRole('button', { name: '修改设置' }));
    const form = within(model).getByRole('form', { name: '修改大模型' });
    expect(within(form).getByLabelText('接口地址')).toHaveValue('https://llm.example.com/v1');
    const key = within(form).getByLabelText('密钥');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAttribute('placeholder', '留空则保留已保存的密钥');
    expect(key).toHaveValue('');

    await user.clear(within(form).getByLabelText('模型名'));
    await user.type(within(form).getByLabelText('模型名'), 'deepseek-chat');
    await user.clear(within(form).getByLabelText('大纲模型（可选）'));
    await user.type(key, 'sk-new-secret');
    await user.type(within(form).getByLabelText('操作原因（选填）'), '换用更便宜的模型');
    await user.click(within(form).getByRole('button', { name: '测试并切换' }));

    const confirm = await screen.findByRole('dialog', { name: '确认身份' });
    await user.type(within(confirm).getByLabelText('登录密码'), 'Secret#123');
    await user.click(within(confirm).getByRole('button', { name: '确认' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('测试通过，已切换（耗时 640 ms）');
    expect(api.calls.filter((call) => call.path === LLM).map((call) => [call.method, call.body])).toEqual([
      [
        'PUT',
        {
          provider: 'openai-compatible',
          baseUrl: 'https://llm.example.com/v1',
          model: 'deepseek-chat',
          options: {},
          apiKey: 'sk-new-secret',
          reason: '换用更便宜的模型',
        },
      ],
    ]);
    expect(key).toHaveValue('');
    await waitFor(() => expect(model).toHaveTextContent('deepseek-chat'));
    expect(api.calls.filter((call) => call.path === PROVIDERS)).toHaveLength(2);
    // The key went out in the call's body only: not in an address, not in the browser's storage.
    expect(api.calls.some((call) => call.path.includes('sk-new-secret'))).toBe(false);
    expect(JSON.stringify({ ...localStorage })).not.toContain('sk-new-secret');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('sk-new-secret');
    expect(document.body).not.toHaveTextContent('sk-new-secret');
  });

  it('says what failed and that nothing was saved, and empties the key', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [PROVIDERS]: () => list(llm(), search(), ...others),
      [SEARCH]: () => tested('error', 1530, '搜索测试失败：服务返回 HTTP 401，请检查地址和密钥'),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=providers');

    const web = await screen.findByRole('listitem', { name: '联网搜索' });
    await user.click(within(web).getByRole('button', { name: '修改设置' }));
    const form = within(web).getByRole('form', { name: '修改联网搜索' });
    expect(within(form).getByLabelText('密钥')).not.toHaveAttribute('placeholder');

    // SearXNG needs its address; the others a key: nothing is sent without them.
    await user.selectOptions(within(form).getByLabelText('服务商'), 'searxng');
    await user.click(within(form).getByRole('button', { name: '测试并切换' }));
    expect(form).toHaveTextContent('SearXNG 需要填写实例地址');
    await user.selectOptions(within(form).getByLabelText('服务商'), 'tavily');
    await user.click(within(form).getByRole('button', { name: '测试并切换' }));
    expect(form).toHaveTextContent('请填写密钥');
    expect(api.bodiesOf(SEARCH)).toEqual([]);

    await user.type(within(form).getByLabelText('密钥'), 'tvly-wrong');
    await user.click(within(form).getByRole('button', { name: '测试并切换' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('测试失败：服务返回 HTTP 401，请检查地址和密钥（耗时 1530 ms），未保存');
    expect(api.bodiesOf(SEARCH)).toEqual([{ provider: 'tavily', baseUrl: '', apiKey: 'tvly-wrong' }]);
    expect(within(form).getByLabelText('密钥')).toHaveValue('');
  });

  it('shows the server’s refusal', async () => {
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [PROVIDERS]: () => list(llm(), search(), ...others),
      [LLM]: () => jsonResponse({ success: false, code: 'CONFLICT', message: '大模型已由环境变量配置，环境变量优先，控制台的设置不会生效' }, { status: 409 }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=providers');
    const model = await screen.findByRole('listitem', { name: '大模型' });
    await user.click(within(model).getByRole('button', { name: '修改设置' }));
    const form = within(model).getByRole('form', { name: '修改大模型' });
    await user.type(within(form).getByLabelText('密钥'), 'sk-x');
    await user.click(within(form).getByRole('button', { name: '测试并切换' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('环境变量优先');
    expect(within(form).getByLabelText('密钥')).toHaveValue('');
  });
  it('switches the embeddings model without a key and says which knowledge bases get new vectors', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [PROVIDERS]: inTurn(
        () => list(llm(), search(), embeddings(), images(), stock()),
        () =>
          list(
            llm(),
            search(),
            embeddings({ source: 'console', provider: 'openai-compatible', baseUrl: 'http://10.0.0.5:8080/v1', model: 'bge-m3', status: 'ok', latencyMs: 95, reembed: { pending: 3 } }),
            images(),
            stock(),
          ),
      ),
      [EMBEDDINGS]: () => tested('ok', 95, '连接成功', { reembed: { pending: 3 } }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=providers');

    const { card, form } = await openForm(user, '向量模型');
    expect(form).toHaveTextContent('切换向量模型后，已有知识库会在后台重建向量');
    expect(within(form).getByLabelText('密钥')).toHaveAttribute('placeholder', '没有可留空');
    expect(within(form).getByLabelText('模型名')).toHaveAttribute('placeholder', 'bge-m3');

    // The address and the model are needed; nothing is sent without them.
    await user.click(within(form).getByRole('button', { name: '测试并切换' }));
    expect(form).toHaveTextContent('请填写接口地址');
    await user.type(within(form).getByLabelText('接口地址'), 'http://10.0.0.5:8080/v1');
    await user.click(within(form).getByRole('button', { name: '测试并切换' }));
    expect(form).toHaveTextContent('请填写模型名');
    expect(api.bodiesOf(EMBEDDINGS)).toEqual([]);

    await user.type(within(form).getByLabelText('模型名'), 'bge-m3');
    await user.type(within(form).getByLabelText('操作原因（选填）'), '启用自建向量服务');
    await user.click(within(form).getByRole('button', { name: '测试并切换' }));

    const outcome = await within(form).findByRole('status');
    expect(outcome).toHaveTextContent('测试通过，已切换（耗时 95 ms）');
    expect(outcome).toHaveTextContent('已开始为 3 个知识库重建向量，完成前这些知识库暂用关键词检索');
    expect(api.calls.filter((call) => call.path === EMBEDDINGS).map((call) => [call.method, call.body])).toEqual([
      ['PUT', { provider: 'openai-compatible', baseUrl: 'http://10.0.0.5:8080/v1', model: 'bge-m3', reason: '启用自建向量服务' }],
    ]);
    await waitFor(() => expect(card).toHaveTextContent('向量重建：还有 3 个知识库在排队'));
    expect(card).toHaveTextContent('服务商：OpenAI 兼容接口');
  });

  it('says the images’ test draws a real picture, and waits for it', async () => {
    const slow = held();
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [PROVIDERS]: () => list(llm(), search(), embeddings(), images(), stock()),
      [IMAGES]: slow.answer,
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=providers');

    const { form } = await openForm(user, '配图生成');
    // Said before anything is sent.
    expect(form).toHaveTextContent('测试会真实生成一张图片，约需 10–60 秒，可能产生少量费用。');
    expect(within(form).getByLabelText('模型名')).toHaveAttribute('placeholder', 'gpt-image-1');

    await user.type(within(form).getByLabelText('接口地址'), 'https://api.openai.com/v1');
    await user.type(within(form).getByLabelText('模型名'), 'gpt-image-1');
    await user.click(within(form).getByRole('button', { name: '测试并切换' }));
    // No key stored yet: the first switch needs one.
    expect(form).toHaveTextContent('请填写密钥');
    expect(api.bodiesOf(IMAGES)).toEqual([]);

    await user.type(within(form).getByLabelText('密钥'), 'sk-img');
    await user.click(within(form).getByRole('button', { name: '测试并切换' }));
    expect(await within(form).findByRole('button', { name: '测试中（生成图片可能需要一分钟）...' })).toBeDisabled();
    expect(api.bodiesOf(IMAGES)).toEqual([{ provider: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-image-1', apiKey: 'sk-img' }]);

    slow.release(tested('ok', 23_400, '生成成功'));
    expect(await within(form).findByRole('status')).toHaveTextContent('测试通过，已切换（耗时 23400 ms）');
    expect(within(form).getByRole('button', { name: '测试并切换' })).toBeEnabled();
    expect(within(form).getByLabelText('密钥')).toHaveValue('');
  });

  it('needs a stock key when none is stored for the chosen service', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [PROVIDERS]: () => list(llm(), search(), embeddings(), images(), stock()),
      [STOCK]: () => tested('ok', 310, '连接成功'),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=providers');

    const { form } = await openForm(user, '图库');
    expect(within(form).getByLabelText('地址（选填）')).toHaveAttribute('placeholder', '留空使用官方地址');
    await user.selectOptions(within(form).getByLabelText('服务商'), 'pexels');
    await user.click(within(form).getByRole('button', { name: '测试并切换' }));
    expect(form).toHaveTextContent('请填写密钥');
    expect(api.bodiesOf(STOCK)).toEqual([]);

    await user.type(within(form).getByLabelText('密钥'), 'px-key');
    await user.click(within(form).getByRole('button', { name: '测试并切换' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('测试通过，已切换（耗时 310 ms）');
    expect(api.bodiesOf(STOCK)).toEqual([{ provider: 'pexels', apiKey: 'px-key' }]);
  });

  it('shows the server’s refusal for a kind the environment sets', async () => {
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [PROVIDERS]: () => list(llm(), search(), embeddings(), images(), stock({ source: 'console', provider: 'pixabay', keySet: true, status: 'ok' })),
      [STOCK]: () => envConflict('图库已由环境变量配置，环境变量优先，控制台的设置不会生效'),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=providers');

    const { form } = await openForm(user, '图库');
    // The stored Pixabay key is kept when left empty.
    expect(within(form).getByLabelText('密钥')).toHaveAttribute('placeholder', '留空则保留已保存的密钥');
    await user.click(within(form).getByRole('button', { name: '测试并切换' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('图库已由环境变量配置，环境变量优先，控制台的设置不会生效');
  });

  it('resets a kind to its default after a confirmation and the password, and refreshes the list', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(null),
      [PROVIDERS]: inTurn(
        () => list(llm(), search(), embeddings(), images(), stock()),
        () => list(llm({ source: 'default', provider: 'offline', baseUrl: '', model: null, options: null, keySet: false, status: 'offline', latencyMs: null, updatedAt: null }), search(), embeddings(), images(), stock()),
      ),
      [CONFIRM]: () => jsonResponse({ success: true, confirmedUntil: inAQuarterHour() }),
      [LLM]: () => jsonResponse({ success: true, data: { removed: true } }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=providers');

    const model = await screen.findByRole('listitem', { name: '大模型' });
    await user.click(within(model).getByRole('button', { name: '恢复默认' }));
    let dialog = screen.getByRole('dialog', { name: '恢复默认：大模型' });
    expect(dialog).toHaveTextContent('恢复默认后将改用离线写作（不调用大模型），确定吗？');
    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === LLM)).toEqual([]);

    await user.click(within(model).getByRole('button', { name: '恢复默认' }));
    dialog = screen.getByRole('dialog', { name: '恢复默认：大模型' });
    await user.type(within(dialog).getByLabelText('操作原因（选填）'), '接口欠费，先用离线写作');
    await user.click(within(dialog).getByRole('button', { name: '确认恢复' }));

    const confirm = await screen.findByRole('dialog', { name: '确认身份' });
    await user.type(within(confirm).getByLabelText('登录密码'), 'Secret#123');
    await user.click(within(confirm).getByRole('button', { name: '确认' }));

    await waitFor(() => expect(model).toHaveTextContent('服务商：离线写作（内置）'));
    expect(api.calls.filter((call) => call.path === LLM).map((call) => [call.method, call.body])).toEqual([['DELETE', { reason: '接口欠费，先用离线写作' }]]);
    expect(api.calls.filter((call) => call.path === PROVIDERS)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(model).not.toHaveTextContent('控制台');
    expect(model).toHaveTextContent('密钥：未设置');
    expect(within(model).queryByRole('button', { name: '恢复默认' })).not.toBeInTheDocument();
  });

  it('names each kind’s default before a reset, and shows the server’s refusal in the dialog', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [PROVIDERS]: () =>
        list(
          llm(),
          search({ source: 'console', provider: 'tavily', keySet: true, status: 'ok' }),
          embeddings({ source: 'console', provider: 'openai-compatible', baseUrl: 'https://emb.example.com/v1', model: 'bge-m3', status: 'ok' }),
          images({ source: 'console', provider: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-image-1', keySet: true, status: 'ok' }),
          stock({ source: 'console', provider: 'pexels', keySet: true, status: 'ok' }),
        ),
      [IMAGES]: () => envConflict('配图生成已由环境变量配置，环境变量优先，控制台的设置不会生效'),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=providers');

    const defaults: [string, string][] = [
      ['联网搜索', '恢复默认后联网搜索将改为未启用，确定吗？'],
      ['向量模型', '恢复默认后将改用关键词检索（不再使用向量模型），确定吗？'],
      ['图库', '恢复默认后图库将改为未启用，确定吗？'],
    ];
    for (const [label, question] of defaults) {
      const card = await screen.findByRole('listitem', { name: label });
      await user.click(within(card).getByRole('button', { name: '恢复默认' }));
      const dialog = screen.getByRole('dialog', { name: `恢复默认：${label}` });
      expect(dialog).toHaveTextContent(question);
      await user.click(within(dialog).getByRole('button', { name: '取消' }));
    }

    const pictures = screen.getByRole('listitem', { name: '配图生成' });
    await user.click(within(pictures).getByRole('button', { name: '恢复默认' }));
    const dialog = screen.getByRole('dialog', { name: '恢复默认：配图生成' });
    expect(dialog).toHaveTextContent('恢复默认后将改用内置卡片配图，确定吗？');
    await user.click(within(dialog).getByRole('button', { name: '确认恢复' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('配图生成已由环境变量配置，环境变量优先，控制台的设置不会生效');
    // Without a reason the body says nothing more.
    expect(api.calls.filter((call) => call.path === IMAGES).map((call) => [call.method, call.body])).toEqual([['DELETE', {}]]);
  });
});
