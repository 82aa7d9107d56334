import type { ArticleBrief, CombinedArticle, SeoResult } from '../agents/types.js';
import { fitOptions } from './article-combiner.js';
import { type ComposeContext, contextOf, rngFor, say, topicTags } from './compose-context.js';
import { type Block, fitArticleLength, parseBlocks, renderBlocks } from './length-fitting.js';
import { SEO_SENTENCES, SHORT_SEO_SENTENCES, SHORT_SUMMARY, SUMMARY_FRAMES } from './phrasebook-common.js';
import { XHS_LINE_EMOJI } from './phrasebook-voices.js';
import { type SeededRandom, slicedPool } from '../../platform/seeded-random.js';
import { shortLabel } from './topic-terms.js';
import { verdictsOf } from './comparison.js';

const MAX_TITLE_KEYWORDS = 2;
/** Below this length the keyword sentences and the 导语 take their short forms. */
const SHORT_ARTICLE = 1000;
const TRAILING_EMOJI = /(\p{Extended_Pictographic}\uFE0F?)+$/u;

function cleanKeywords(ctx: ComposeContext, keywords: readonly string[]): string[] {
  const clean = (list: readonly string[]) => [...new Set(list.map((keyword) => keyword.trim()).filter(Boolean))];
  const given = clean(keywords);
  if (given.length > 0) return given;
  const fromBrief = clean(ctx.brief.seoKeywords);
  return fromBrief.length > 0 ? fromBrief : ctx.terms.terms.slice(0, 3);
}

function weaveTitle(ctx: ComposeContext, title: string, keywords: string[]): string {
  let result = title;
  let woven = 0;
  for (const keyword of keywords) {
    if (woven >= MAX_TITLE_KEYWORDS || result.includes(keyword)) continue;
    const emoji = ctx.xhs ? (TRAILING_EMOJI.exec(result)?.[0] ?? '') : '';
    const candidate = `${result.slice(0, result.length - emoji.length)}｜${keyword}${emoji}`;
    if ([...candidate].length <= ctx.platform.titleLimit) {
      result = candidate;
      woven += 1;
    }
  }
  return result;
}

function bodyHeadings(blocks: Block[]): string[] {
  return blocks
    .filter((block) => block.kind === 'heading')
    .map((block) => shortLabel(block.text.replace(/^#+\s*/, '').replace(/^[^*]*\*\*|\*\*\s*$/gu, '')))
    .slice(1, 4);
}

/** Puts a sentence naming the keyword into a body paragraph, one section after another. */
function weaveBody(ctx: ComposeContext, rng: SeededRandom, blocks: Block[], missing: string[]): Block[] {
  const paragraphs = blocks.map((block, i) => ({ block, i })).filter(({ block }) => block.kind === 'paragraph');
  const sections = [...new Set(paragraphs.map(({ block }) => block.section))];
  const bodySections = sections.length > 2 ? sections.slice(1, -1) : sections;
  const added = new Map<number, string[]>();
  for (const [k, keyword] of missing.entries()) {
    const section = bodySections[k % bodySections.length];
    const host = paragraphs.find(({ block }) => block.section === section) ?? paragraphs[0];
    if (!host) continue;
    const sentences = ctx.brief.length < SHORT_ARTICLE ? SHORT_SEO_SENTENCES : SEO_SENTENCES;
    const template = slicedPool(sentences, `${ctx.seed}|seo-sentence`, 0, 1)[k % sentences.length]!;
    added.set(host.i, [...(added.get(host.i) ?? []), say(ctx, template, { kw: keyword })]);
  }
  return blocks.flatMap((block, i) => {
    const extra = added.get(i);
    if (!extra) return [block];
    if (ctx.xhs) return [block, ...extra.map((sentence) => ({ ...block, text: `${rng.pick(XHS_LINE_EMOJI)} ${sentence}` }))];
    return [{ ...block, text: `${block.text}${extra.join('')}` }];
  });
}

function summaryBlock(ctx: ComposeContext, rng: SeededRandom, blocks: Block[]): Block | undefined {
  if (ctx.brief.platform === 'xiaohongshu') return undefined;
  if (blocks.some((block) => block.kind === 'quote' && /摘要|导语/u.test(block.text))) return undefined;
  const list = bodyHeadings(blocks).join('、') || ctx.terms.main;
  const verdict = say(ctx, rng.pick(verdictsOf(ctx)));
  const frame = ctx.brief.length < SHORT_ARTICLE ? SHORT_SUMMARY : SUMMARY_FRAMES[ctx.brief.platform];
  return { kind: 'quote', text: say(ctx, frame, { list, verdict }), section: 0 };
}

/**
 * SEO without a model: keywords into the title where room permits and into the body at least
 * once, a 导语/摘要 for WeChat and Zhihu, keyword tags for Xiaohongshu, the length kept.
 */
export function optimizeSeoOffline(brief: ArticleBrief, article: CombinedArticle, keywords: readonly string[]): SeoResult {
  const ctx = contextOf(brief);
  const rng = rngFor(ctx, 'seo');
  const chosen = cleanKeywords(ctx, keywords);
  const title = weaveTitle(ctx, article.title, chosen);

  let blocks = parseBlocks(article.markdown).filter((block) => block.kind !== 'title');
  const bodyText = renderBlocks(blocks.filter((block) => block.kind !== 'tags'));
  blocks = weaveBody(ctx, rng, blocks, chosen.filter((keyword) => !bodyText.includes(keyword)));
  if (ctx.xhs) {
    blocks = blocks.filter((block) => block.kind !== 'tags');
    blocks.push({ kind: 'tags', text: topicTags(ctx, chosen), section: Number.MAX_SAFE_INTEGER });
  }
  const summary = summaryBlock(ctx, rng, blocks);
  const head: Block[] = [{ kind: 'title', text: `# ${title}`, section: 0 }, ...(summary ? [summary] : [])];
  const markdown = renderBlocks([...head, ...blocks]);
  const fitted = fitArticleLength(markdown, brief.length, fitOptions(ctx, markdown, chosen, 'seo'));
  return { title, markdown: fitted, keywords: chosen };
}
