import { countCjkLength, truncate } from '@tianma/shared';
import { z } from 'zod';
import { type ChatMessage, type ChatRequest, LlmError, type LlmPort, type LlmPurpose, type TokenUsage } from '../../providers/llm/llm-port.js';
import { analysisMessages } from './prompts/analysis.js';
import { applyRevisions, combineMessages, draftText, parseArticle } from './prompts/combine.js';
import { imagesMessages } from './prompts/images.js';
import { outlineMessages } from './prompts/outline.js';
import { markersOf } from './prompts/reply-text.js';
import { cleanSection, sectionMessages } from './prompts/section.js';
import { seoMessages, splitKeywords } from './prompts/seo.js';
import { styleMessages } from './prompts/style.js';
import { withMeasures } from '../style/style-metrics.js';
import type {
  Agents,
  ArticleBrief,
  CombinedArticle,
  ImagePlan,
  Material,
  Outline,
  SectionDraft,
  SectionWritingInput,
  SeoResult,
  StyleProfile,
  TopicAnalysis,
} from './types.js';

export const BAD_JSON_CORRECTION = '上一次的输出不是合法的 JSON，或不符合要求的格式';
/** Shrinks of the material after CONTEXT_TOO_LONG before giving up. */
export const MAX_SHRINKS = 3;
/** Reference articles are cut to this before the first try; longer rarely adds to a style. */
const REFERENCE_MAX_CHARS = 8000;

const text = z.string().trim().min(1);
const texts = z.array(z.string().trim()).transform((items) => items.filter(Boolean));
// Models write budgets as 300, "300" or "约300字"; fitBudgets treats 0 as "no usable budget".
const budget = z.union([z.number(), z.string()]).transform((value) => {
  const n = typeof value === 'number' ? value : Number.parseInt(value.replace(/[^\d]/g, ''), 10);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
});

const analysisSchema = z.object({ angle: text, audienceNeeds: texts, keyQuestions: texts, searchQueries: texts.default([]) });
const styleSchema = z.object({ tone: text, sentenceLength: text, structure: text, hooks: text, vocabulary: texts.default([]) });
const outlineSchema = z.object({
  title: text,
  sections: z
    .array(
      z.object({
        heading: text,
        keyPoints: texts.default([]),
        budget: budget.default(0),
        role: z.enum(['introduction', 'body', 'conclusion']).catch('body'),
      }),
    )
    .min(1),
});
const imagesSchema = z.object({
  images: z.array(z.object({ sectionIndex: z.coerce.number().int(), prompt: text, caption: z.string().trim().default('') })),
});
const seoSchema = z.object({ title: text, markdown: text, keywords: z.array(text).max(10) });

function parseJson<T>(reply: string, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false; problem: string } {
  const unfenced = reply.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  const start = unfenced.indexOf('{');
  const end = unfenced.lastIndexOf('}');
  let data: unknown;
  try {
    data = JSON.parse(start >= 0 && end > start ? unfenced.slice(start, end + 1) : unfenced);
  } catch {
    return { ok: false, problem: '无法解析为 JSON' };
  }
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, problem: `字段 ${issue?.path.join('.') || '(根)'} ${issue?.message ?? '不符合要求'}` };
}

/** Keeps the first (most relevant) half of the materials, or halves each one's content when one is left. */
function shrink(materials: Material[], step: number): Material[] {
  if (step % 2 === 1 && materials.length > 1) return materials.slice(0, Math.ceil(materials.length / 2));
  return materials.map((material) => {
    const chars = [...material.content];
    return { ...material, content: chars.slice(0, Math.floor(chars.length / 2)).join('') };
  });
}

/** A rewrite that lost more than half the text is a summary, not the article. */
function keepsMostOf(rewritten: string, original: string): boolean {
  return countCjkLength(rewritten) >= countCjkLength(original) * 0.5;
}

export interface LlmAgentsOptions {
  model: string;
  onUsage?: (purpose: LlmPurpose, usage: TokenUsage) => void;
}

/** The pipeline's agents over the LLM port: Chinese prompts, validated JSON, material shrunk to fit. */
export class LlmAgents implements Agents {
  readonly writtenBy: string;
  readonly offline = false;
  readonly #llm: LlmPort;
  readonly #onUsage: LlmAgentsOptions['onUsage'];

  constructor(llm: LlmPort, options: LlmAgentsOptions) {
    this.#llm = llm;
    this.#onUsage = options.onUsage;
    this.writtenBy = options.model;
  }

  analyzeTopic(input: { brief: ArticleBrief; materials: Material[] }): Promise<TopicAnalysis> {
    return this.#shrinking(input.materials, (materials) =>
      this.#json('analysis', analysisMessages(input.brief, materials), analysisSchema, '选题分析'),
    );
  }

  async extractStyle(input: { brief: ArticleBrief; referenceText: string }): Promise<StyleProfile> {
    const reference: Material = { id: 'reference', source: 'web', title: '参考文章', content: truncate(input.referenceText, REFERENCE_MAX_CHARS, '') };
    const words = await this.#shrinking([reference], ([shrunk]) =>
      this.#json('style', styleMessages(input.brief, shrunk?.content ?? ''), styleSchema, '风格分析'),
    );
    // The model describes the style in words; the numbers and excerpts are measured, as offline.
    return withMeasures(words, input.referenceText);
  }

  outline(input: { brief: ArticleBrief; analysis: TopicAnalysis; materials: Material[]; style?: StyleProfile }): Promise<Outline> {
    return this.#shrinking(input.materials, (materials) =>
      this.#json('outline', outlineMessages({ ...input, materials }), outlineSchema, '大纲'),
    );
  }

  async writeSection(input: SectionWritingInput): Promise<SectionDraft> {
    const section = input.outline.sections[input.index];
    if (!section) throw new Error(`section ${input.index} is not in the outline`);
    const markdown = await this.#shrinking(input.materials, async (materials) => {
      let sofar = '';
      const onDelta = input.onText
        ? (piece: string) => {
            sofar += piece;
            input.onText!(sofar);
          }
        : undefined;
      const reply = await this.#chat({ purpose: 'writing', messages: sectionMessages(input, materials), temperature: 0.7, onDelta });
      // The shrunk list is a prefix of the given one, so [k] still means input.materials[k-1].
      return cleanSection(reply, section.heading, input.index, materials.length);
    });
    return { index: input.index, heading: section.heading, markdown, sources: input.materials };
  }

  async planImages(input: { brief: ArticleBrief; outline: Outline }): Promise<ImagePlan[]> {
    const { images } = await this.#json('images', imagesMessages(input.brief, input.outline), imagesSchema, '配图方案');
    const count = input.outline.sections.length;
    const seen = new Set<number>();
    return images.filter((image) => {
      if (image.sectionIndex < -1 || image.sectionIndex >= count || seen.has(image.sectionIndex)) return false;
      seen.add(image.sectionIndex);
      return true;
    });
  }

  async combine(input: { brief: ArticleBrief; outline: Outline; sections: SectionDraft[]; style?: StyleProfile }): Promise<CombinedArticle> {
    const draft = draftText(input.outline, input.sections);
    const reply = await this.#chat({ purpose: 'combine', messages: combineMessages(input.brief, draft, input.style, input.outline), temperature: 0.4 });
    const joined = parseArticle(draft, input.outline.title, markersOf(draft));
    // The model revises the junction paragraphs only; an answer not in that format keeps the plain join.
    const revised = applyRevisions(draft, reply);
    if (!revised) return joined;
    const combined = parseArticle(`# ${revised.title ?? input.outline.title}\n\n${revised.markdown}`, input.outline.title, markersOf(draft));
    // NOTE: revisions that lost most of the text would lose the sections' work; the plain join is better.
    return keepsMostOf(combined.markdown, draft) ? combined : joined;
  }

  async optimizeSeo(input: { brief: ArticleBrief; outline?: Outline; article: CombinedArticle; keywords: string[]; style?: StyleProfile }): Promise<SeoResult> {
    const reply = await this.#chat({ purpose: 'seo', messages: seoMessages(input.brief, input.article, input.keywords, input.style, input.outline), temperature: 0.4 });
    const { article, keywords } = splitKeywords(reply);
    const optimized = parseArticle(article, input.article.title, markersOf(input.article.markdown));
    const result = seoSchema.safeParse({ ...optimized, keywords: keywords?.length ? keywords.slice(0, 10) : input.keywords });
    if (!result.success) throw new LlmError('BAD_RESPONSE', '模型返回的 SEO 优化结果不完整');
    if (!keepsMostOf(result.data.markdown, input.article.markdown)) return { ...input.article, keywords: result.data.keywords };
    return result.data;
  }

  async #chat(request: ChatRequest): Promise<string> {
    let result: Awaited<ReturnType<LlmPort['chat']>>;
    try {
      result = await this.#llm.chat(request);
    } catch (error) {
      // Failed calls were billed too: count what they consumed before the task hears of the failure.
      if (error instanceof LlmError && error.usage && error.usage.totalTokens > 0) this.#onUsage?.(request.purpose, error.usage);
      throw error;
    }
    this.#onUsage?.(request.purpose, result.usage);
    return result.text;
  }

  /** Asks for JSON; a reply that does not parse or validate gets one corrective retry, so at most two calls. */
  async #json<T>(purpose: LlmPurpose, messages: ChatMessage[], schema: z.ZodType<T>, what: string): Promise<T> {
    const first = await this.#chat({ purpose, messages, json: true, temperature: 0.3 });
    const parsed = parseJson(first, schema);
    if (parsed.ok) return parsed.value;
    const correction = `${BAD_JSON_CORRECTION}（${parsed.problem}）。请严格按上面的格式重新输出，只输出一个 JSON 对象，不要添加解释或代码块标记。`;
    const retry: ChatMessage[] = [...messages, { role: 'assistant', content: truncate(first, 2000) }, { role: 'user', content: correction }];
    const second = parseJson(await this.#chat({ purpose, messages: retry, json: true, temperature: 0.2 }), schema);
    if (second.ok) return second.value;
    throw new LlmError('BAD_RESPONSE', `模型返回的${what}不是合法的 JSON（已尝试 2 次）：${second.problem}`);
  }

  /** Runs `work`; on CONTEXT_TOO_LONG shrinks the material and tries again, up to MAX_SHRINKS times. */
  async #shrinking<T>(materials: Material[], work: (materials: Material[]) => Promise<T>): Promise<T> {
    let current = materials;
    for (let shrinks = 0; ; shrinks += 1) {
      try {
        return await work(current);
      } catch (error) {
        if (!(error instanceof LlmError) || error.code !== 'CONTEXT_TOO_LONG' || current.length === 0) throw error;
        if (shrinks >= MAX_SHRINKS) {
          throw new LlmError('CONTEXT_TOO_LONG', `${error.message}（参考资料已缩减 ${MAX_SHRINKS} 次仍然过长）`, error.status);
        }
        current = shrink(current, shrinks + 1);
      }
    }
  }
}
