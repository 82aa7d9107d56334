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
const others: ProviderInfo[] = [
  { kind: 'embeddings', label: '向量模型', source: 'env', switchable: false, provider: 'openai-compatible', baseUrl: 'https://emb.example.com/v1', model: 'bge-m3', keySet: true, status: 'configured' },
  { kind: 'images', label: '配图生成', source: 'default', switchable: false, provider: 'cards', baseUrl: '', model: null, keySet: false, status: 'default' },
  { kind: 'stock', label: '图库', source: 'default', switchable: false, provider: 'none', baseUrl: '', model: null, keySet: false, status: 'off' },
];
const list = (...providers: ProviderInfo[]) => jsonResponse({ success: true, data: providers });
const tested = (status: 'ok' | 'error', latencyMs: number, message: string) => jsonResponse({ success: true, data: { status, latencyMs, message, saved: status === 'ok' } });

describe('the console’s providers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each kind, where its setting comes from and whether a key is set, never a key', async () => {
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [PROVIDERS]: () => list(llm(), search(), ...others),
    });
    renderConsole('/admin?tab=providers');

    const model = await screen.findByRole('listitem', { name: '大模型' });
    expect(model).toHaveTextContent('控制台');
    expect(model).toHaveTextContent('OpenAI 兼容接口');
    expect(model).toHaveTextContent('https://llm.example.com/v1');
    expect(model).toHaveTextContent('qwen-plus（大纲 qwen-max）');
    expect(model).toHaveTextContent('密钥：已设置');
    expect(model).toHaveTextContent('正常（测试通过）（测试耗时 812 ms）');
    expect(within(model).getByRole('button', { name: '修改设置' })).toBeInTheDocument();

    const web = screen.getByRole('listitem', { name: '联网搜索' });
    expect(web).toHaveTextContent('默认');
    expect(web).toHaveTextContent('密钥：未设置');
    expect(web).toHaveTextContent('未启用');

    const embeddings = screen.getByRole('listitem', { name: '向量模型' });
    expect(embeddings).toHaveTextContent('环境变量（优先）');
    expect(embeddings).toHaveTextContent('由环境变量配置，控制台无法修改');
    expect(within(embeddings).queryByRole('button')).not.toBeInTheDocument();
    const images = screen.getByRole('listitem', { name: '配图生成' });
    expect(images).toHaveTextContent('暂不支持在控制台切换，请在环境变量中配置');
    expect(within(images).queryByRole('button')).not.toBeInTheDocument();
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
});
