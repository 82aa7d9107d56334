import OpenAI from 'openai';
import { EmbeddingsError, type EmbeddingsPort } from './embeddings-port.js';

export interface OpenAiEmbeddingsConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
  /** Texts per HTTP call (providers cap it: DashScope 10, OpenAI 2048). */
  batchSize?: number;
}

/**
 * Any OpenAI-compatible `/embeddings` API (OpenAI, DashScope, Zhipu, SiliconFlow, Ollama…). The
 * SDK retries 429, 5xx and dropped connections; what still fails becomes an EmbeddingsError whose
 * message names neither the key nor the endpoint.
 */
export class OpenAiEmbeddings implements EmbeddingsPort {
  readonly model: string;
  private readonly client: OpenAI;
  private readonly batchSize: number;

  constructor(config: OpenAiEmbeddingsConfig) {
    this.model = config.model;
    this.batchSize = config.batchSize ?? 10;
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      apiKey: config.apiKey || 'none',
      timeout: config.timeoutMs ?? 60_000,
      maxRetries: 3,
    });
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      const batch = texts.slice(start, start + this.batchSize);
      let answer: Awaited<ReturnType<OpenAI['embeddings']['create']>>;
      try {
        answer = await this.client.embeddings.create({ model: this.model, input: [...batch], encoding_format: 'float' }, { signal });
      } catch (error) {
        if (signal?.aborted) throw error;
        const status = error instanceof OpenAI.APIError ? error.status : undefined;
        throw new EmbeddingsError('向量模型服务暂时不可用，请稍后重试', { internal: `embeddings failed (status ${status ?? 'none'})`, cause: error });
      }
      const ordered = [...answer.data].sort((a, b) => a.index - b.index);
      if (ordered.length !== batch.length || ordered.some((item) => !Array.isArray(item.embedding) || item.embedding.length === 0)) {
        throw new EmbeddingsError('向量模型返回的数据格式异常', { internal: `expected ${batch.length} vectors, got ${ordered.length}` });
      }
      for (const item of ordered) vectors.push(item.embedding as number[]);
    }
    return vectors;
  }
}
