import {
  ADVANCED_LENGTH,
  type ArticleType,
  type Audience,
  GUIDED_DEFAULTS,
  GUIDED_LENGTH,
  type Industry,
  type Platform,
  type WritingStyle,
} from '@tianma/shared';
import type { KnowledgeSelection } from '../../features/knowledge/knowledge-controller';

/** The values the two creation forms hold, and their starting values (content-creation §3, §5). */

export interface GuidedFormValues {
  topic: string;
  audience: Audience;
  /** Only sent when audience is custom. */
  customAudience: string;
  type: ArticleType;
  style: WritingStyle;
  length: number;
  platform: Platform;
}

export type ReferenceType = 'url' | 'text';

export interface SeoOptions {
  optimizePlatform: boolean;
  optimizeTitleAndContent: boolean;
}

export interface AdvancedFormValues extends GuidedFormValues {
  industry: Industry;
  customIndustry: string;
  useReferenceDoc: boolean;
  /** Which of referenceUrl / referenceText is sent (spec §5: one of them). */
  referenceType: ReferenceType;
  referenceUrl: string;
  referenceText: string;
  enableSeo: boolean;
  /** Comma separated, as typed. */
  seoKeywords: string;
  seoOptions: SeoOptions;
  /**
   * The knowledge base at submit time, filled in by the form from its knowledge-base section. Not a
   * setting: it is never restored from the last run (the session is checked again instead).
   */
  knowledge?: KnowledgeSelection;
}

export function guidedDefaults(): GuidedFormValues {
  return {
    topic: '',
    audience: GUIDED_DEFAULTS.audience,
    customAudience: '',
    type: GUIDED_DEFAULTS.type,
    style: GUIDED_DEFAULTS.style,
    length: GUIDED_LENGTH.default,
    platform: GUIDED_DEFAULTS.platform,
  };
}

export function advancedDefaults(): AdvancedFormValues {
  return {
    ...guidedDefaults(),
    length: ADVANCED_LENGTH.default,
    industry: GUIDED_DEFAULTS.industry,
    customIndustry: '',
    useReferenceDoc: false,
    referenceType: 'url',
    referenceUrl: '',
    referenceText: '',
    enableSeo: false,
    seoKeywords: '',
    // The server's defaults for the two options.
    seoOptions: { optimizePlatform: true, optimizeTitleAndContent: true },
  };
}
