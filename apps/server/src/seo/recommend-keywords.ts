import { RECOMMENDED_KEYWORDS } from '@tianma/shared';
import type { LlmPort } from '../providers/llm/llm-port.js';
import { KeywordList } from './keyword-list.js';
import { keywordMessages, parseKeywordAnswer } from './model-keywords.js';
import { FORMAT_WORDS, type KeywordContext, KEYWORD_CHARS, keywordLength, offlineKeywords } from './offline-keywords.js';

/** Fewer usable keywords than this from a model counts as a failed answer. */
const MIN_FROM_MODEL = 3;

export interface KeywordRecommendation {
  keywords: string[];
  /** Who chose them: the configured model, or the offline method (no model, or the model failed). */
  source: 'model' | 'offline';
}

export interface RecommendDeps {
  /** The model when one is configured; without it the offline method answers. */
  llm?: LlmPort;
  /** Told why the model's answer was not used. */
  onModelFailure?: (error: unknown) => void;
}

/**
 * 8–10 search keywords for a topic on a platform (content-creation §5): the model's when one is
 * configured and answers sensibly (topped up from the offline list when it gives too few), the
 * offline method's otherwise.
 */
export async function recommendKeywords(request: KeywordContext, deps: RecommendDeps = {}): Promise<KeywordRecommendation> {
  if (deps.llm) {
    try {
      const answer = await deps.llm.chat({ purpose: 'keywords', messages: keywordMessages(request), json: true, temperature: 0.3, maxTokens: 400 });
      const list = new KeywordList(RECOMMENDED_KEYWORDS.max);
      // The same shape as the offline list: 2–8 long, no format word alone.
      for (const keyword of parseKeywordAnswer(answer.text)) if (keywordLength(keyword) <= KEYWORD_CHARS.max && !FORMAT_WORDS.has(keyword)) list.add(keyword);
      if (list.items.length < MIN_FROM_MODEL) throw new Error(`模型只给出了 ${list.items.length} 个可用关键词`);
      for (const keyword of offlineKeywords(request)) {
        if (list.items.length >= RECOMMENDED_KEYWORDS.min) break;
        list.add(keyword, true);
      }
      return { keywords: list.items, source: 'model' };
    } catch (error) {
      deps.onModelFailure?.(error);
    }
  }
  return { keywords: offlineKeywords(request), source: 'offline' };
}
