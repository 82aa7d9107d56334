import { type GenerationStep, stepLabel, stepPercent } from '@tianma/shared';
import { applySeoRules } from '../seo/seo-rules.js';
import type { Agents, Material, Outline, SectionDraft, SeoResult, StyleProfile, TopicAnalysis } from './agents/types.js';
import { renumberCitations } from './citations.js';
import { avoidedWords } from '../topic/avoided-words.js';
import { parseTopic } from '../topic/parse-topic.js';
import { recordProgress } from './progress.js';
import { finishedSection, partialSectionText, SectionThrottle } from './section-stream.js';
import { loadSavedOutputs, mapWithConcurrency, type PipelineDeps, type StageContext, type StoredRequest, savedOutput } from './stage-context.js';
import { assembleArticle, type FinalArticle } from './stages/assemble.js';
import { generateImages, type PlacedImage } from './stages/images.js';
import { fitBudgets } from './stages/outline.js';
import { referenceText } from './stages/reference.js';
import { searchAndExtract } from './stages/search.js';
import { knowledgeForTopic, researchSectionsWithKnowledge } from './stages/knowledge-research.js';
import { researchSections } from './stages/section-research.js';
import type { GenerationTaskRow } from './tables.js';

export class TaskCancelled extends Error {
  override name = 'TaskCancelled';
}

/**
 * A running task's progress reporting: `enter` moves to a step (the spec's percentage and label)
 * and `progress` reports within it. Shared by the article pipeline and 一稿多发 (repurpose/), so
 * both speak to the same stream and status endpoints.
 */
export function taskProgress(deps: Pick<PipelineDeps, 'db' | 'bus'>, task: GenerationTaskRow, signal: AbortSignal) {
  const advanced = task.advanced;
  let currentStep: GenerationStep = 'search_and_extract';
  let percent = 0;

  // The task's events are written one after another, in the order they are reported (sections
  // report concurrently): on PostgreSQL two writes on separate connections can come back, and be
  // published, out of order, and a stream skips an id lower than one it has sent.
  let writing: Promise<unknown> = Promise.resolve();
  const progress = async (details: Record<string, unknown>) => {
    const input = { currentStep, details: { progress: percent, article_id: task.articleId, step_label: stepLabel(currentStep), ...details } };
    const written = writing.then(() => recordProgress(deps.db, deps.bus, task, input));
    writing = written.catch(() => undefined);
    // The task was ended elsewhere (cancelled from another process, failed by the sweeper): stop.
    if (!(await written)) throw new TaskCancelled();
  };
  const enter = async (step: GenerationStep, message?: string) => {
    if (signal.aborted) throw new TaskCancelled();
    currentStep = step;
    percent = stepPercent(step, advanced) ?? percent;
    await progress({ message: message ?? `${stepLabel(step)}中...` });
  };
  return { progress, enter };
}

/**
 * The multi-agent pipeline (content-creation §4): every stage reports its step with the spec's
 * percentage, and every stage output is saved, so a resumed task continues where it stopped.
 * Standard flow: 10 steps; advanced adds the reference style and SEO.
 */
export async function runPipeline(deps: PipelineDeps, agents: Agents, task: GenerationTaskRow, signal: AbortSignal): Promise<FinalArticle> {
  const request = task.request as StoredRequest;
  const { brief } = request;
  const advanced = task.advanced;
  const { progress, enter } = taskProgress(deps, task, signal);
  const ctx: StageContext = { deps, agents, task, request, signal, saved: await loadSavedOutputs(deps.db, task.id), report: progress };
  const saved = <T>(key: string, compute: () => Promise<T>) => savedOutput(ctx, key, compute);

  await enter('search_and_extract', '正在检索资料...');
  const materials = await saved<Material[]>('search', async () => [...(await knowledgeForTopic(ctx)), ...(await searchAndExtract(ctx))]);

  await enter('analyze_topic', '正在分析主题、受众需求与关键问题...');
  const analysis = await saved<TopicAnalysis>('analysis', () => agents.analyzeTopic({ brief, materials }));

  let style: StyleProfile | undefined;
  if (advanced) {
    await enter('extract_reference_style', request.reference ? '正在提取参考文章风格...' : '未提供参考文章，跳过风格提取');
    const { text } = await saved<{ text: string | null }>('reference', async () => ({ text: await referenceText(ctx) }));
    if (text) style = await saved<StyleProfile>('style', () => agents.extractStyle({ brief, referenceText: text }));
  }

  await enter('create_enhanced_outline', '正在生成文章大纲与字数分配...');
  // The title the request names (《…》, 以…为题) is used as written, whatever a model proposes.
  const asked = parseTopic(brief.topic);
  const outline = await saved<Outline>('outline', async () => {
    const fitted = fitBudgets(await agents.outline({ brief, analysis, materials, style }), brief.length);
    return asked.title ? { ...fitted, title: asked.title } : fitted;
  });

  await enter('parallel_section_research', '正在为各章节匹配资料...');
  const sectionMaterials = await saved<Material[][]>('research', async () => researchSectionsWithKnowledge(ctx, outline, researchSections(outline, materials)));

  await enter('parallel_section_generation', `正在并行撰写 ${outline.sections.length} 个章节...`);
  let written = 0;
  const gist = (i: number) => {
    const section = outline.sections[i];
    return section ? `${section.heading}：${section.keyPoints.slice(0, 2).join('；')}` : undefined;
  };
  const total = outline.sections.length;
  const write = async (section: Outline['sections'][number], index: number) => {
    const draft = await saved<SectionDraft>(`section:${index}`, async () => {
      // With a model, the preview shows the section as it is written (API.md, section streaming).
      const live = new SectionThrottle((content) => {
        ctx.report({ message: `正在撰写「${section.heading}」...`, section: { index, total, title: section.heading, content, done: false } }).catch(() => undefined);
      });
      try {
        return await agents.writeSection({
          brief,
          outline,
          analysis,
          index,
          materials: sectionMaterials[index] ?? [],
          style,
          previousGist: gist(index - 1),
          nextGist: gist(index + 1),
          onText: agents.offline ? undefined : (text) => live.offer(partialSectionText(text, section.heading)),
        });
      } finally {
        live.close();
      }
    });
    written += 1;
    if (signal.aborted) throw new TaskCancelled();
    await ctx.report({ message: `已完成 ${written}/${total} 个章节`, section: finishedSection(draft, total) });
    return draft;
  };
  // The opening is written alone, then the rest side by side: a provider caches a prompt's prefix
  // only once a call carrying it has been answered, so the later sections find the shared opening
  // with the outline cached, where sections started at once would each pay for it in full. The
  // image plan needs only the outline: it runs beside the later sections and takes back the round
  // this adds (its result waits for its step, so the steps keep their order).
  const opening = await write(outline.sections[0]!, 0);
  const planning = saved('image-plans', () => agents.planImages({ brief, outline }));
  // A failed section ends the task before the plan is awaited; the plan's own failure then does not matter.
  planning.catch(() => undefined);
  const sections = [opening, ...(await mapWithConcurrency(outline.sections.slice(1), deps.sectionConcurrency, (section, i) => write(section, i + 1)))];

  await enter('generate_image_position_info', '正在规划配图位置...');
  const plans = await planning;

  await enter('generate_image', '正在生成配图...');
  const images = await saved<PlacedImage[]>('images', () => generateImages(ctx, plans, outline, sections));

  await enter('combine_sections', '正在合并章节，统一衔接与风格...');
  const { sections: cited, references } = renumberCitations(sections);
  const combined = await saved('combined', () =>
    agents.combine({ brief, outline, style, sections: sections.map((section, i) => ({ ...section, markdown: cited[i]! })) }),
  );

  await enter('generate_article', '正在生成最终文章...');
  let article = combined;
  let keywords: readonly string[] = brief.seoKeywords;
  if (advanced && request.seo?.enabled) {
    await enter('apply_seo_optimization', '正在进行 SEO 优化...');
    const seoRequest = request.seo;
    // The SEO rules run inside the saved step, so a resumed task does not apply them twice.
    const seo = await saved<SeoResult>('seo', async () => {
      const optimized = await agents.optimizeSeo({ brief, outline, article: combined, keywords: seoRequest.keywords, style });
      const keywords = seoRequest.keywords.length > 0 ? seoRequest.keywords : optimized.keywords;
      const ruled = applySeoRules({ ...optimized, keywords, platform: brief.platform, options: seoRequest });
      return { ...optimized, title: ruled.title, markdown: ruled.markdown };
    });
    article = { title: seo.title, markdown: seo.markdown };
    keywords = [...brief.seoKeywords, ...seo.keywords];
  }
  if (asked.title) article = withTitle(article, asked.title);
  return assembleArticle(article, images, references, outline, keywords, style?.measured, avoidedWords(asked.constraints));
}

/** The article under the given title: its title and its first `# ` line. */
function withTitle(article: { title: string; markdown: string }, title: string): { title: string; markdown: string } {
  const markdown = /^# .*$/mu.test(article.markdown) ? article.markdown.replace(/^# .*$/mu, `# ${title}`) : `# ${title}\n\n${article.markdown}`;
  return { title, markdown };
}
