import type { ProviderSource } from './providers-api';

/** Where a kind's setting comes from, as the console says it. */
export const SOURCE_LABELS: Record<ProviderSource, string> = { env: '环境变量（优先）', console: '控制台', default: '默认' };

const PROVIDER_NAMES: Record<string, string> = {
  'openai-compatible': 'OpenAI 兼容接口',
  offline: '离线写作（内置）',
  bocha: '博查（bocha）',
  tavily: 'Tavily',
  searxng: 'SearXNG',
  none: '未启用',
  local: '本地（内置）',
  openai: 'OpenAI',
  cards: '内置卡片',
  pixabay: 'Pixabay',
  pexels: 'Pexels',
};

/** `pixabay+pexels` → Pixabay + Pexels; an unknown name as written. */
export const providerName = (provider: string) =>
  provider
    .split('+')
    .map((part) => PROVIDER_NAMES[part] ?? part)
    .join(' + ');

const STATUS_LABELS: Record<string, string> = {
  ok: '正常（测试通过）',
  configured: '已配置',
  offline: '未配置，使用离线写作',
  off: '未启用',
  default: '使用默认',
  error: '异常',
};

export const providerStatus = (status: string) => STATUS_LABELS[status] ?? status;

/** The server's test message without its own 「…测试失败：」 lead, which the console already says. */
export const testFailure = (message: string) => message.replace(/^[^：]{0,6}测试失败：/, '');
