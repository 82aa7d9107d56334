import { ADVANCED_LENGTH, ARTICLE_TYPES, AUDIENCES, INDUSTRIES, type Option, PLATFORMS, WRITING_STYLES } from '@tianma/shared';
import { type AdvancedFormValues, advancedDefaults } from './form-values';

/**
 * The last run's mode and, when it was advanced, its form values, in localStorage: the advanced form
 * starts from them when the last run was advanced (content-creation §2). A guided run overwrites the
 * record, so the advanced form then starts from its defaults.
 */

export const LAST_RUN_KEY = 'tianma.creation.lastRun';

type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

interface LastRunRecord {
  advanced: boolean;
  values?: Partial<AdvancedFormValues>;
}

function write(storage: SettingsStorage, record: LastRunRecord): void {
  try {
    storage.setItem(LAST_RUN_KEY, JSON.stringify(record));
  } catch {
    // Storage full or blocked: the form simply starts from its defaults next time.
  }
}

export function rememberAdvancedRun(storage: SettingsStorage, values: AdvancedFormValues): void {
  write(storage, { advanced: true, values });
}

export function rememberGuidedRun(storage: SettingsStorage): void {
  write(storage, { advanced: false });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function pick<V extends string>(options: readonly Option<V>[], value: unknown, fallback: V): V {
  return options.some((option) => option.value === value) ? (value as V) : fallback;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** Back on the slider's grid, so an old or edited record cannot put the slider out of range. */
function length(value: unknown, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  const { min, max, step } = ADVANCED_LENGTH;
  return Math.min(max, Math.max(min, Math.round(value / step) * step));
}

/** The values of the last run when it was advanced; null otherwise. Every field is checked. */
export function lastAdvancedValues(storage: Pick<Storage, 'getItem'>): AdvancedFormValues | null {
  let record: unknown;
  try {
    const raw = storage.getItem(LAST_RUN_KEY);
    record = raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
  if (!isRecord(record) || record.advanced !== true || !isRecord(record.values)) return null;
  const saved = record.values;
  const base = advancedDefaults();
  const seo = isRecord(saved.seoOptions) ? saved.seoOptions : {};
  return {
    topic: text(saved.topic, base.topic),
    audience: pick(AUDIENCES, saved.audience, base.audience),
    customAudience: text(saved.customAudience, base.customAudience),
    type: pick(ARTICLE_TYPES, saved.type, base.type),
    style: pick(WRITING_STYLES, saved.style, base.style),
    length: length(saved.length, base.length),
    platform: pick(PLATFORMS, saved.platform, base.platform),
    industry: pick(INDUSTRIES, saved.industry, base.industry),
    customIndustry: text(saved.customIndustry, base.customIndustry),
    useReferenceDoc: flag(saved.useReferenceDoc, base.useReferenceDoc),
    referenceType: saved.referenceType === 'text' ? 'text' : 'url',
    referenceUrl: text(saved.referenceUrl, base.referenceUrl),
    referenceText: text(saved.referenceText, base.referenceText),
    enableSeo: flag(saved.enableSeo, base.enableSeo),
    seoKeywords: text(saved.seoKeywords, base.seoKeywords),
    seoOptions: {
      optimizePlatform: flag(seo.optimizePlatform, base.seoOptions.optimizePlatform),
      optimizeTitleAndContent: flag(seo.optimizeTitleAndContent, base.seoOptions.optimizeTitleAndContent),
    },
  };
}

/** localStorage, or nothing where the browser blocks it (private modes, sandboxed frames). */
export function browserLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
