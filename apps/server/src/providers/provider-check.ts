import { LlmError } from './llm/llm-port.js';
import { OpenAiCompatibleLlm } from './llm/openai-compatible.js';
import { createStockSources } from '../images/stock/index.js';
import { StockError } from '../images/stock/stock-http.js';
import { EmbeddingsError } from './embeddings/embeddings-port.js';
import { OpenAiImages } from './images/openai-images.js';
import { embeddingsPort } from './live-ports.js';
import type { EmbeddingsSettings, ImagesSettings, LlmSettings, SearchSettings, StockSettings } from './live-providers.js';
import { createSearchPort } from './search/registry.js';
import { SearchError } from './search/search-port.js';

/** What a test call to a provider found: how long it took and, when it failed, why (Chinese, no key in it). */
export interface ProviderCheck {
  status: 'ok' | 'error';
  latencyMs: number;
  message: string;
}

const CHECK_TIMEOUT_MS = 20_000;
/** A picture takes its time: the generators answer in 10–60 s. */
const IMAGE_CHECK_TIMEOUT_MS = 90_000;

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

/** Two short texts embedded: the API answers vectors of one length, as knowledge bases will need. */
export function checkEmbeddings(settings: EmbeddingsSettings): Promise<ProviderCheck> {
  return timed(
    async () => {
      const port = embeddingsPort(settings);
      const vectors = await port.embed(['租房合同要注意哪些条款', '面试前怎样准备自我介绍']);
      const dimensions = vectors[0]?.length ?? 0;
      if (vectors.length !== 2 || dimensions === 0 || vectors[1]?.length !== dimensions) throw new EmbeddingsError('向量模型返回的数据格式异常');
      return `连接成功，向量维度 ${dimensions}`;
    },
    (error) => `向量模型测试失败：${error instanceof EmbeddingsError ? error.userMessage : '请检查地址、密钥和模型名'}`,
  );
}

/** One real picture (a cover): the only call that proves a generator draws, so it costs what a picture costs. */
export function checkImages(settings: Extract<ImagesSettings, { provider: 'openai' }>): Promise<ProviderCheck> {
  return timed(
    async () => {
      const images = new OpenAiImages({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model, timeoutMs: IMAGE_CHECK_TIMEOUT_MS, maxRetries: 0 });
      const picture = await images.generate({ kind: 'cover', platform: 'wechat', title: '清晨的茶园', subtitle: '连接测试' });
      return `连接成功，已生成一张 ${picture.width}×${picture.height} 的图片`;
    },
    (error) => {
      const text = error instanceof Error ? error.message : '';
      const status = /HTTP (\d{3})/.exec(text)?.[1];
      if (/timed out/.test(text)) return '配图测试失败：生成超时，请检查地址是否可达';
      if (status === '401' || status === '403') return `配图测试失败：密钥无效或无权使用该模型（HTTP ${status}）`;
      if (status) return `配图测试失败：服务返回 HTTP ${status}，请检查地址和模型名`;
      if (/not a PNG|holds no image/.test(text)) return '配图测试失败：返回的不是图片，请确认这是图片生成接口';
      return '配图测试失败：无法连接该地址';
    },
  );
}

/** One search on the source: it answers hits for a common query with this key. */
export function checkStock(settings: StockSettings): Promise<ProviderCheck> {
  return timed(
    async () => {
      const [source] = createStockSources({ stock: settings }, { timeoutMs: CHECK_TIMEOUT_MS, cacheTtlMs: 0 });
      if (!source) throw new StockError('pixabay', 'bad_response', 'no source');
      const hits = await source.search('风景', 3);
      return `连接成功，返回 ${hits.length} 张图片`;
    },
    (error) => {
      if (!(error instanceof StockError)) return '图库测试失败：无法连接该地址';
      if (error.status === 401 || error.status === 403 || (error.status === 400 && error.source === 'pixabay')) return `图库测试失败：密钥无效（HTTP ${error.status}）`;
      if (error.code === 'rate_limited') return '图库测试失败：请求过于频繁或额度已用完';
      if (error.code === 'timeout') return '图库测试失败：连接超时，请检查地址是否可达';
      return error.status ? `图库测试失败：服务返回 HTTP ${error.status}，请检查地址和密钥` : '图库测试失败：请检查地址和密钥是否正确、服务是否可达';
    },
  );
}
