import type { Config } from '../../config/env.js';
import type { EmbeddingsPort } from './embeddings-port.js';
import { OpenAiEmbeddings } from './openai-embeddings.js';

/** Vectors when an embeddings API is configured; none by default (knowledge search is then BM25 alone). */
export function createEmbeddings(config: Config): EmbeddingsPort | null {
  const settings = config.embeddings;
  if (!settings) return null;
  return new OpenAiEmbeddings({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model, batchSize: settings.batchSize });
}
