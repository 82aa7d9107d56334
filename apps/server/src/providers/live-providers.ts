import type { Logger } from 'pino';
import type { Config } from '../config/config-types.js';
import type { Db } from '../platform/db/index.js';
import { SecretBox } from '../platform/secret-box.js';
import {
  type EmbeddingsSettings,
  embeddingsFromRow,
  type ImagesSettings,
  imagesFromRow,
  llmFromRow,
  rowSignature,
  type SearchSettings,
  type StockSettings,
  searchFromRow,
  stockFromRow,
} from './provider-rows.js';
import { type ProviderSettingsRow, providerSettings } from './tables.js';

export type { EmbeddingsSettings, ImagesSettings, LlmSettings, SearchSettings, StockSettings } from './provider-rows.js';

/*
 * The providers the product uses right now (issue 21, point 6; decisions 080, 083): what the
 * environment sets wins; otherwise what an operator connected in the console; otherwise the
 * embedded default (the offline writer, no web search, keyword-only retrieval, the built-in
 * cards, no stock photos). Every process re-reads the console's rows every few seconds, so a
 * switch reaches all of them without a restart; readers ask at the moment they need a provider,
 * never keep one from startup.
 */

export const PROVIDER_KINDS = ['llm', 'embeddings', 'images', 'search', 'stock'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

const KEY_PURPOSE = 'tianma/providers/api-key/v1';
const REFRESH_MS = 3000;
const DEFAULT_LLM_TIMEOUT_MS = 120_000;

export interface LiveProviders {
  /** The model to write with now, or null: the offline writer. */
  llm(): Config['llm'];
  /** The web search to use now (provider undefined: none). */
  search(): SearchSettings;
  /** The embeddings API now, or null: keyword retrieval alone. */
  embeddings(): Config['embeddings'];
  /** Picture generation now (`cards`: the built-in renderer). */
  images(): ImagesSettings;
  /** The stock-photo sources now (both null: none). */
  stock(): StockSettings;
  /** Where each kind's setting comes from now. */
  sourceOf(kind: ProviderKind): 'env' | 'console' | 'default';
  /** The console's rows as last read (for the console's list). */
  consoleRows(): ReadonlyMap<string, ProviderSettingsRow>;
  /** Seals a key for a kind's row. */
  sealKey(kind: ProviderKind, apiKey: string): string;
  /** A row's key, opened; null when it cannot be. */
  openKey(row: ProviderSettingsRow): string | null;
  /** Settles once the console's rows were first read (or that read failed). */
  readonly ready: Promise<void>;
  /** Reads the rows again now (after this process wrote one). */
  refresh(): Promise<void>;
  close(): void;
}

/** Whether the environment sets a kind (then the console cannot change it). */
export function envSets(config: Config, kind: ProviderKind): boolean {
  switch (kind) {
    case 'llm':
      return config.llm !== null;
    case 'search':
      return Boolean(config.search.provider);
    case 'embeddings':
      return config.embeddings !== null;
    case 'images':
      return config.images.provider !== 'cards';
    case 'stock':
      return Boolean(config.stock.pixabay || config.stock.pexels);
  }
}

interface Current {
  llm: Config['llm'];
  search: SearchSettings;
  embeddings: Config['embeddings'];
  images: ImagesSettings;
  stock: StockSettings;
}

const fromConfig = (config: Config): Current => ({ llm: config.llm, search: config.search, embeddings: config.embeddings, images: config.images, stock: config.stock });

export function createLiveProviders(deps: { config: Config; db: Db; appSecret: string; logger: Logger; refreshMs?: number }): LiveProviders {
  const { config } = deps;
  const box = new SecretBox(deps.appSecret, KEY_PURPOSE);
  let rows = new Map<string, ProviderSettingsRow>();
  let current = fromConfig(config);
  const fromConsole = new Set<ProviderKind>();
  // A row read again unchanged gives the same settings object, so the ports made from it (keyed
  // by that object) and their caches live on between re-reads.
  const made = new Map<ProviderKind, { signature: string; value: unknown }>();

  const keyOf = (row: ProviderSettingsRow) => {
    if (!row.keyCiphertext) return '';
    try {
      return box.open(row.keyCiphertext, row.kind);
    } catch {
      deps.logger.warn({ kind: row.kind }, 'a provider key in the console cannot be opened (APP_SECRET changed?); the row is ignored');
      return null;
    }
  };

  /** The console's setting for a kind, when the environment leaves it open and the row is usable. */
  const consoleSetting = <T>(next: Map<string, ProviderSettingsRow>, kind: ProviderKind, fromRow: (row: ProviderSettingsRow, key: string) => T | null): T | null => {
    const row = next.get(kind);
    if (envSets(config, kind) || !row) return null;
    const signature = rowSignature(row);
    const before = made.get(kind);
    if (before?.signature === signature) return before.value as T | null;
    const key = keyOf(row);
    const value = key === null ? null : fromRow(row, key);
    made.set(kind, { signature, value });
    return value;
  };

  const apply = (next: Map<string, ProviderSettingsRow>) => {
    rows = next;
    fromConsole.clear();
    const pick = <T>(kind: ProviderKind, fallback: T, fromRow: (row: ProviderSettingsRow, key: string) => T | null): T => {
      const value = consoleSetting(next, kind, fromRow);
      if (value === null) return fallback;
      fromConsole.add(kind);
      return value;
    };
    current = {
      llm: pick('llm', config.llm, (row, key) => llmFromRow(row, key, DEFAULT_LLM_TIMEOUT_MS)),
      search: pick('search', config.search, (row, key) => searchFromRow(row, key, config.search.readPages)),
      embeddings: pick<EmbeddingsSettings | null>('embeddings', config.embeddings, embeddingsFromRow),
      images: pick('images', config.images, (row, key) => imagesFromRow(row, key, config.images.cardWorkers)),
      stock: pick('stock', config.stock, stockFromRow),
    };
  };

  const refresh = async () => {
    const read = await deps.db.select().from(providerSettings);
    apply(new Map(read.map((row) => [row.kind, row])));
  };

  // The first read blocks nobody: until it lands the environment's settings serve.
  const ready = refresh().catch((error) => deps.logger.warn({ err: error }, 'reading the console providers failed'));
  const timer = setInterval(() => {
    void refresh().catch((error) => deps.logger.warn({ err: error }, 'reading the console providers failed'));
  }, deps.refreshMs ?? REFRESH_MS);
  timer.unref();

  return {
    llm: () => current.llm,
    search: () => current.search,
    embeddings: () => current.embeddings,
    images: () => current.images,
    stock: () => current.stock,
    sourceOf: (kind) => (envSets(config, kind) ? 'env' : fromConsole.has(kind) ? 'console' : 'default'),
    consoleRows: () => rows,
    sealKey: (kind, apiKey) => box.seal(apiKey, kind),
    openKey: (row) => keyOf(row),
    ready,
    refresh,
    close: () => clearInterval(timer),
  };
}

/** A fixed snapshot (tests, scripts): the configuration's providers, no console. */
export function staticProviders(config: Config): LiveProviders {
  const current = fromConfig(config);
  return {
    llm: () => current.llm,
    search: () => current.search,
    embeddings: () => current.embeddings,
    images: () => current.images,
    stock: () => current.stock,
    sourceOf: (kind) => (envSets(config, kind) ? 'env' : 'default'),
    consoleRows: () => new Map(),
    sealKey: () => {
      throw new Error('no console providers here');
    },
    openKey: () => null,
    ready: Promise.resolve(),
    refresh: async () => undefined,
    close: () => undefined,
  };
}
