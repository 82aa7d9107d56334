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
  // The embeddings' default: no vector model, knowledge bases are searched by keywords.
  local: '未启用（关键词检索）',
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

/** What a kind falls back to when the console's setting is removed (恢复默认). */
const AFTER_RESET: Record<string, string> = {
  llm: '恢复默认后将改用离线写作（不调用大模型），确定吗？',
  embeddings: '恢复默认后将改用关键词检索（不再使用向量模型），确定吗？',
  images: '恢复默认后将改用内置卡片配图，确定吗？',
  search: '恢复默认后联网搜索将改为未启用，确定吗？',
  stock: '恢复默认后图库将改为未启用，确定吗？',
};

export const resetQuestion = (kind: string) => AFTER_RESET[kind] ?? '恢复默认后将改用默认设置，确定吗？';

/** The embeddings card's row while knowledge bases wait for vectors from the current model. */
export const reembedQueue = (pending: number) => `还有 ${pending} 个知识库在排队`;

/** After a switch of the embeddings model. */
export const reembedStarted = (pending: number) => `已开始为 ${pending} 个知识库重建向量，完成前这些知识库暂用关键词检索`;
