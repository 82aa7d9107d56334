import type { GenerationRequest } from '../../features/generation/tracking-types';
import type { KnowledgeSelection } from '../../features/knowledge/knowledge-controller';
import type { AdvancedFormValues, GuidedFormValues } from './form-values';

/** Form values → the generate request of API.md: five wire fields, the rest under settings (spec §3, §5). */

export type { KnowledgeSelection };

const NO_KNOWLEDGE: KnowledgeSelection = { enabled: false, sessionId: null, documentIds: [] };

/** A custom audience or industry, when chosen and non-empty, replaces the value sent. */
export function resolveChoice(choice: string, custom: string): string {
  const typed = custom.trim();
  return choice === 'custom' && typed ? typed : choice;
}

/** Keywords are comma separated; full-width commas and 、 count too, as on the server. */
export function splitKeywords(text: string): string[] {
  return text
    .split(/[,，、]/)
    .map((keyword) => keyword.trim())
    .filter(Boolean);
}

function audienceSettings(values: GuidedFormValues) {
  const custom = values.audience === 'custom' ? values.customAudience.trim() : '';
  return { audience: resolveChoice(values.audience, values.customAudience), ...(custom ? { customAudience: custom } : {}) };
}

/** deepspaceId is sent as a string (spec §5); callers have checked that it is present. */
export function buildGuidedRequest(values: GuidedFormValues, deepspaceId: string | number): GenerationRequest {
  return {
    topic: values.topic.trim(),
    advanced_mode: false,
    deepspaceId: String(deepspaceId),
    settings: {
      ...audienceSettings(values),
      type: values.type,
      style: values.style,
      length: values.length,
      platform: values.platform,
    },
    connection_id: null,
  };
}

export function buildAdvancedRequest(
  values: AdvancedFormValues,
  deepspaceId: string | number,
  /** The temporary knowledge base in use; by default the one the form put into the values. */
  knowledge: KnowledgeSelection = values.knowledge ?? NO_KNOWLEDGE,
): GenerationRequest {
  const customIndustry = values.industry === 'custom' ? values.customIndustry.trim() : '';
  // Document ids only when the knowledge base is on and holds files (spec §3).
  const useKnowledgeBase = knowledge.enabled && Boolean(knowledge.sessionId);
  const withFiles = useKnowledgeBase && knowledge.documentIds.length > 0;
  const reference = values.useReferenceDoc;
  return {
    topic: values.topic.trim(),
    advanced_mode: true,
    deepspaceId: String(deepspaceId),
    settings: {
      ...audienceSettings(values),
      industry: resolveChoice(values.industry, values.customIndustry),
      ...(customIndustry ? { customIndustry } : {}),
      type: values.type,
      style: values.style,
      length: values.length,
      platform: values.platform,
      useKnowledgeBase,
      tempKnowledgeBaseId: useKnowledgeBase ? knowledge.sessionId : null,
      ...(withFiles ? { knowledgeDocumentIds: [...knowledge.documentIds] } : {}),
      useReferenceDoc: reference,
      referenceUrl: reference && values.referenceType === 'url' ? values.referenceUrl.trim() || null : null,
      referenceText: reference && values.referenceType === 'text' ? values.referenceText.trim() || null : null,
      enableSeo: values.enableSeo,
      seoKeywords: values.enableSeo ? splitKeywords(values.seoKeywords) : [],
      seoOptions: { ...values.seoOptions },
    },
    connection_id: null,
  };
}
