import { LlmError } from './llm/llm-port.js';
import { OpenAiCompatibleLlm } from './llm/openai-compatible.js';
import type { LlmSettings, SearchSettings } from './live-providers.js';
import { createSearchPort } from './search/registry.js';
import { SearchError } from './search/search-port.js';

/** What a test call to a provider found: how long it took and, when it failed, why (Chinese, no key in it). */
export interface ProviderCheck {
  status: 'ok' | 'error';
  latencyMs: number;
  message: string;
}

const CHECK_TIMEOUT_MS = 20_000;

const LLM_MESSAGES: Partial<Record<LlmError['code'], string>> = {
  AUTH: '密钥无效或无权访问该模型',
  RATE_LIMITED: '服务限流或额度不足',
  TIMEOUT: '连接超时，请检查地址是否可达',
  SERVER_ERROR: '服务端错误或地址不可用',
  BAD_RESPONSE: '返回格式不是 OpenAI 兼容接口',
  EMPTY_OUTPUT: '模型没有返回内容',
};

async function timed(work: () => Promise<string>, explain: (error: unknown) => string): Promise<ProviderCheck> {
  const started = performance.now();
  try {
    const message = await work();
    return { status: 'ok', latencyMs: Math.round(performance.now() - started), message };
  } catch (error) {
    return { status: 'error', latencyMs: Math.round(performance.now() - started), message: explain(error) };
  }
}

/** One short chat with each model named (main, outline, writing): the settings work as the pipeline will use them. */
export function checkLlm(settings: LlmSettings): Promise<ProviderCheck> {
  const llm = new OpenAiCompatibleLlm({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    model: settings.model,
    models: { outline: settings.outlineModel, writing: settings.writingModel },
    timeoutMs: CHECK_TIMEOUT_MS,
    maxAttempts: 1,
  });
  return timed(
    async () => {
      const purposes = [...new Set(['analysis', ...(settings.outlineModel ? ['outline'] : []), ...(settings.writingModel ? ['writing'] : [])])] as ('analysis' | 'outline' | 'writing')[];
      for (const purpose of purposes) {
        await llm.chat({ purpose, messages: [{ role: 'user', content: '请只回复“好”。' }], maxTokens: 8, temperature: 0 });
      }
      return purposes.length > 1 ? `连接成功，已测试 ${purposes.length} 个模型` : '连接成功';
    },
    (error) => {
      if (error instanceof LlmError) return `模型测试失败：${LLM_MESSAGES[error.code] ?? '请检查地址、密钥和模型名'}${error.status ? `（HTTP ${error.status}）` : ''}`;
      return '模型测试失败：无法连接该地址';
    },
  );
}

/** One search: the provider answers with results for a common query. */
export function checkSearch(settings: SearchSettings): Promise<ProviderCheck> {
  return timed(
    async () => {
      const port = createSearchPort({ ...settings, timeoutMs: CHECK_TIMEOUT_MS });
      if (!port) throw new SearchError('none', 'no provider');
      const results = await port.search('天气预报', { limit: 3 });
      return `连接成功，返回 ${results.length} 条结果`;
    },
    (error) => (error instanceof SearchError && error.status ? `搜索测试失败：服务返回 HTTP ${error.status}，请检查地址和密钥` : '搜索测试失败：请检查地址和密钥是否正确、服务是否可达'),
  );
}
