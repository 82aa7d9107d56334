import type { Logger } from 'pino';
import type { Config } from '../config/config-types.js';
import type { Db } from '../platform/db/index.js';
import { SecretBox } from '../platform/secret-box.js';
import { type ProviderSettingsRow, providerSettings } from './tables.js';

/*
 * The providers the product uses right now (issue 21, point 6; decision 080): what the
 * environment sets wins; otherwise what an operator connected in the console; otherwise the
 * embedded default (the offline writer, no web search). Every process re-reads the console's
 * rows every few seconds, so a switch reaches all of them without a restart; readers ask at the
 * moment they need a provider, never keep one from startup.
 */

export const PROVIDER_KINDS = ['llm', 'embeddings', 'images', 'search', 'stock'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
/** The kinds an operator can switch in the console today. */
export const SWITCHABLE_KINDS = ['llm', 'search'] as const satisfies readonly ProviderKind[];
export type SwitchableKind = (typeof SWITCHABLE_KINDS)[number];

export type LlmSettings = NonNullable<Config['llm']>;
export type SearchSettings = Config['search'];

const KEY_PURPOSE = 'tianma/providers/api-key/v1';
const REFRESH_MS = 3000;
const DEFAULT_LLM_TIMEOUT_MS = 120_000;

export interface LiveProviders {
  /** The model to write with now, or null: the offline writer. */
  llm(): Config['llm'];
  /** The web search to use now (provider undefined: none). */
  search(): SearchSettings;
  /** Where each kind's setting comes from now. */
  sourceOf(kind: ProviderKind): 'env' | 'console' | 'default';
  /** The console's rows as last read (for the console's list). */
  consoleRows(): ReadonlyMap<string, ProviderSettingsRow>;
  /** Seals a key for a kind's row. */
  sealKey(kind: ProviderKind, apiKey: string): string;
  /** A row's key, opened; null when it cannot be. */
  openKey(row: ProviderSettingsRow): string | null;
  /** Reads the rows again now (after this process wrote one). */
  refresh(): Promise<void>;
  close(): void;
}

/** The settings a console row gives, or null when it cannot be used (unknown provider, unreadable key). */
export function llmFromRow(row: ProviderSettingsRow, apiKey: string, timeoutMs: number): LlmSettings | null {
  if (row.provider !== 'openai-compatible' || !row.baseUrl || !row.model) return null;
  const options = row.options as { outlineModel?: string; writingModel?: string };
  return {
    baseUrl: row.baseUrl,
    apiKey,
    model: row.model,
    outlineModel: options.outlineModel || undefined,
    writingModel: options.writingModel || undefined,
    timeoutMs,
  };
}

export function searchFromRow(row: ProviderSettingsRow, apiKey: string, readPages: number): SearchSettings | null {
  if (row.provider !== 'bocha' && row.provider !== 'tavily' && row.provider !== 'searxng') return null;
  return { provider: row.provider, apiKey: apiKey || undefined, baseUrl: row.baseUrl || undefined, readPages };
}

export function createLiveProviders(deps: { config: Config; db: Db; appSecret: string; logger: Logger; refreshMs?: number }): LiveProviders {
  const { config } = deps;
  const box = new SecretBox(deps.appSecret, KEY_PURPOSE);
  let rows = new Map<string, ProviderSettingsRow>();
  let llm: Config['llm'] = config.llm;
  let search: SearchSettings = config.search;

  const keyOf = (row: ProviderSettingsRow) => {
    if (!row.keyCiphertext) return '';
    try {
      return box.open(row.keyCiphertext, row.kind);
    } catch {
      deps.logger.warn({ kind: row.kind }, 'a provider key in the console cannot be opened (APP_SECRET changed?); the row is ignored');
      return null;
    }
  };

  const apply = (next: Map<string, ProviderSettingsRow>) => {
    rows = next;
    const llmRow = next.get('llm');
    const llmKey = llmRow ? keyOf(llmRow) : null;
    llm = config.llm ?? (llmRow && llmKey !== null ? llmFromRow(llmRow, llmKey, DEFAULT_LLM_TIMEOUT_MS) : null);
    const searchRow = next.get('search');
    const searchKey = searchRow ? keyOf(searchRow) : null;
    search = config.search.provider ? config.search : ((searchRow && searchKey !== null ? searchFromRow(searchRow, searchKey, config.search.readPages) : null) ?? config.search);
  };

  const refresh = async () => {
    const read = await deps.db.select().from(providerSettings);
    apply(new Map(read.map((row) => [row.kind, row])));
  };

  // The first read is awaited by nobody: until it lands the environment's settings serve.
  void refresh().catch((error) => deps.logger.warn({ err: error }, 'reading the console providers failed'));
  const timer = setInterval(() => {
    void refresh().catch((error) => deps.logger.warn({ err: error }, 'reading the console providers failed'));
  }, deps.refreshMs ?? REFRESH_MS);
  timer.unref();

  const envSet = (kind: ProviderKind): boolean => {
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
  };

  return {
    llm: () => llm,
    search: () => search,
    sourceOf: (kind) => (envSet(kind) ? 'env' : (kind === 'llm' ? llm : kind === 'search' ? search.provider : null) ? 'console' : 'default'),
    consoleRows: () => rows,
    sealKey: (kind, apiKey) => box.seal(apiKey, kind),
    openKey: (row) => keyOf(row),
    refresh,
    close: () => clearInterval(timer),
  };
}

/** A fixed snapshot (tests, scripts): the configuration's providers, no console. */
export function staticProviders(config: Config): LiveProviders {
  return {
    llm: () => config.llm,
    search: () => config.search,
    sourceOf: () => 'env',
    consoleRows: () => new Map(),
    sealKey: () => {
      throw new Error('no console providers here');
    },
    openKey: () => null,
    refresh: async () => undefined,
    close: () => undefined,
  };
}
