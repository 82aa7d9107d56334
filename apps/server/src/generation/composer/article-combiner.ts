import { countCjkLength } from '@tianma/shared';
import type { ArticleBrief, CombinedArticle, Outline, SectionDraft } from '../agents/types.js';
import { type ComposeContext, contextOf, otherPackFacets, packFacets, rngFor, say, topicTags } from './compose-context.js';
import { type Block, fitArticleLength, parseBlocks, renderBlocks, splitSentences } from './length-fitting.js';
import {
  CLAIM_LEADS,
  CLOSING_TRANSITIONS,
  CONCLUSION_START,
  FIRST_TRANSITIONS,
  LAST_RESORT_CLAIMS,
  INTRO_START,
  SHORT_TRANSITIONS,
  TRANSITION_START,
  TRANSITIONS,
  XHS_CLOSING_TRANSITIONS,
  XHS_SHORT_TRANSITIONS,
  XHS_TRANSITIONS,
} from './phrasebook-common.js';
import { dropRequotes } from './material-sentences.js';
import { composeLine } from './sentence-variety.js';
import { XHS_LINE_EMOJI } from './phrasebook-voices.js';
import { slicedPool } from '../../platform/seeded-random.js';
import { topicLabel } from './topic-terms.js';

/** A sentence without its decoration (emoji, bold marks, spaces), to test how it opens. */
function bare(sentence: string): string {
  return sentence.replace(/^(?:\s|\*|\p{Extended_Pictographic}|\uFE0F|\u200D)+/u, '');
}

/** Only the first section introduces and only the last one concludes. */
function keepRoles(text: string, first: boolean, last: boolean): string {
  return splitSentences(text)
    .filter((sentence) => (first || !INTRO_START.test(bare(sentence))) && (last || !CONCLUSION_START.test(bare(sentence))))
    .join('')
    .trim();
}

const normalized = (text: string) => text.replace(/[\s\p{P}\p{S}]/gu, '');

/** A transition the article has not used yet, rotated by the section's place. */
function transitionFor(ctx: ComposeContext, heading: string, position: number, last: boolean, used: Set<string>): string {
  const short = topicLabel(heading);
  const fitsShort = countCjkLength(short) <= 8 && !short.includes('，');
  let list: readonly string[];
  if (ctx.xhs) list = last ? XHS_CLOSING_TRANSITIONS : fitsShort ? XHS_TRANSITIONS : XHS_SHORT_TRANSITIONS;
  else if (position === 1) list = FIRST_TRANSITIONS;
  else list = last ? CLOSING_TRANSITIONS : fitsShort ? TRANSITIONS : SHORT_TRANSITIONS;
  const rotated = slicedPool(list, `${ctx.seed}|combine-transition`, 0, 1).map((template) => say(ctx, template, { short }));
  const fresh = rotated.filter((text) => !used.has(text));
  const choice = fresh.length > 0 ? fresh[position % fresh.length]! : rotated[position % rotated.length]!;
  used.add(choice);
  return choice;
}

/** Adds a transition unless the section's first paragraph already opens with one. */
function withTransition(ctx: ComposeContext, blocks: Block[], heading: string, position: number, last: boolean, used: Set<string>): Block[] {
  const at = blocks.findIndex((block) => block.kind === 'paragraph');
  const opening = at >= 0 ? (splitSentences(blocks[at]!.text)[0] ?? '') : '';
  if (at < 0 || TRANSITION_START.test(bare(opening))) return blocks;
  const transition = transitionFor(ctx, heading, position, last, used);
  const section = blocks[at]!.section;
  if (ctx.xhs) {
    const headingAt = blocks.findIndex((block) => block.kind === 'heading');
    const place = headingAt >= 0 ? headingAt : at;
    return [...blocks.slice(0, place), { kind: 'paragraph', text: transition, section }, ...blocks.slice(place)];
  }
  const target = blocks[at]!;
  if (/^(\*\*|[-*+]\s|\d+\.\s)/.test(target.text)) {
    return [...blocks.slice(0, at), { kind: 'paragraph', text: transition, section }, ...blocks.slice(at)];
  }
  return blocks.map((block, i) => (i === at ? { ...block, text: `${transition}${block.text}` } : block));
}

/**
 * Fresh sentences for lengthening an article: the facets' sentences (a domain's, or the type's
 * with this topic's terms) and the type's claims that it does not contain yet, the one closest to
 * the room left first. Never a claim said again in other words, never a claim of no type at all.
 */
export function fillerSource(ctx: ComposeContext, existing: string, salt: string): (room: number) => string | undefined {
  const rng = rngFor(ctx, `filler|${salt}`);
  const leads = rng.shuffle(CLAIM_LEADS.map((lead) => say(ctx, lead)));
  const said = (line: string) => existing.includes(line.replace(/。$/u, ''));
  // A domain's sentences are said plainly; the type's are composed per task, as in the sections.
  const compose = (line: string, k: number) => (ctx.domain ? line : composeLine(ctx, line, `filler|${salt}|${k}`));
  // A domain's whole pack knows about this topic, not only the facets this article type picked.
  const facets = ctx.domain ? [...ctx.facets, ...packFacets(ctx)] : ctx.facets;
  const lines = [...new Set(facets.flatMap((facet) => [...facet.details, ...facet.points.map((point) => `${point}。`)]))];
  // An industry pack's other half, after this article's own lines and before any claim.
  const otherLines = otherPackFacets(ctx).flatMap((facet) => [...facet.details, ...facet.points.map((point) => `${point}。`)]);
  const details = [...rng.shuffle(lines.map((line) => say(ctx, line))), ...rng.shuffle(otherLines.filter((line) => !lines.includes(line)))]
    .filter((line) => !said(line))
    .map(compose);
  const claims = rng
    .shuffle(ctx.shape.claims.map((claim) => say(ctx, claim)))
    .filter((claim) => !existing.includes(claim))
    .map((claim, i) => `${leads[i % leads.length]!}，${claim}。`);
  // NOTE: last, and only for a long article that has said all of the above: stock claims, then a
  // claim it made in other words. Less than ideal, but an article far short of its length is not
  // what was asked.
  const again = rng
    .shuffle(ctx.shape.claims.map((claim) => say(ctx, claim)))
    .filter((claim) => existing.includes(claim))
    .map((claim, i) => composeLine(ctx, `${leads[(i + 7) % leads.length]!}，${claim}。`, `filler|${salt}|again|${i}`, { led: true }))
    .filter((line) => !existing.includes(line.replace(/。$/u, '')));
  const stock = rng
    .shuffle(LAST_RESORT_CLAIMS.map((claim) => say(ctx, claim)))
    .filter((claim) => !existing.includes(claim))
    .map((claim, i) => composeLine(ctx, `${leads[(i + 3) % leads.length]!}，${claim}。`, `filler|${salt}|stock|${i}`, { led: true }));
  const pool = [...details, ...claims, ...stock, ...again];
  return (room) => {
    if (pool.length === 0) return undefined;
    const window = Math.min(pool.length, 12);
    let best = 0;
    for (let i = 1; i < window; i += 1) {
      if (Math.abs(countCjkLength(pool[i]!) - room) < Math.abs(countCjkLength(pool[best]!) - room)) best = i;
    }
    return pool.splice(best, 1)[0];
  };
}

export function fitOptions(ctx: ComposeContext, markdown: string, protect: readonly string[], salt: string) {
  const rng = rngFor(ctx, `fit|${salt}`);
  return {
    protect,
    filler: fillerSource(ctx, markdown, salt),
    newParagraphPrefix: ctx.xhs ? () => rng.pick(XHS_LINE_EMOJI) : undefined,
  };
}

/**
 * Sentences an earlier section already said, dropped: sections are written apart, and two of
 * them can draw the same narrator's aside (现在说起来还有些感慨). Short lines (a 「往下看」) are
 * left to the platform's rhythm.
 */
function dropRepeats(sentences: readonly string[], said: Set<string>): string[] {
  return sentences.filter((sentence) => {
    const key = normalized(sentence);
    if (countCjkLength(key) < 8) return true;
    if (said.has(key)) return false;
    said.add(key);
    return true;
  });
}

/** Headings (Xiaohongshu's bold ones too), images, quotes, tables and list items. */
const UNREVISED_LINE = /^\s*(?:#|!\[|>|\||[-*+]\s|\d+[.、]\s|(?:\p{Extended_Pictographic}\uFE0F?\s*)*\*\*)/u;

/**
 * The article without a prose sentence it already said (UNREVISED_LINE
 * lines untouched): the style pass splits clauses into sentences after combination, and two stories'
 * shared aside can then stand alone twice.
 */
export function withoutRepeatedSentences(markdown: string): string {
  const said = new Set<string>();
  return markdown
    .split('\n')
    .map((line) => (UNREVISED_LINE.test(line) || !line.trim() ? line : dropRepeats(splitSentences(line), said).join('')))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

export function combineSections(brief: ArticleBrief, outline: Outline, sections: SectionDraft[]): CombinedArticle {
  const ctx = contextOf(brief);
  const ordered = [...sections].sort((a, b) => a.index - b.index);
  const seen = new Set<string>();
  // A source sentence is quoted once in the article: sections are written apart and may share a passage.
  const quoted = new Set<string>();
  const said = new Set<string>();
  // Transitions the sections already use count as used.
  const written = ordered.map((draft) => draft.markdown).join('\n');
  const transitions = new Set(
    [...TRANSITIONS, ...SHORT_TRANSITIONS, ...FIRST_TRANSITIONS, ...CLOSING_TRANSITIONS].filter((text) => !text.includes('{') && written.includes(text)),
  );
  const blocks: Block[] = [{ kind: 'title', text: `# ${outline.title}`, section: 0 }];
  for (const [position, draft] of ordered.entries()) {
    const first = position === 0;
    const last = position === ordered.length - 1 && !first;
    let own = parseBlocks(draft.markdown)
      .filter((block) => block.kind !== 'title' && block.kind !== 'tags')
      .map((block) => (block.kind === 'paragraph' ? { ...block, text: keepRoles(block.text, first, last) } : block))
      .map((block) => (block.kind === 'paragraph' ? { ...block, text: dropRepeats(dropRequotes(splitSentences(block.text), quoted), said).join('').trim() } : block))
      .filter((block) => {
        if (!block.text) return false;
        if (block.kind !== 'paragraph' && block.kind !== 'list') return true;
        const key = normalized(block.text);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((block) => ({ ...block, section: position + 1 }));
    // An essay on WeChat or Zhihu goes from scene to scene under its headings, without 「接下来…」.
    const essay = ctx.brief.articleType === 'experience_story_essay' && !ctx.xhs;
    if (!first && !essay) own = withTransition(ctx, own, draft.heading, position, last, transitions);
    blocks.push(...own);
  }
  if (ctx.xhs) blocks.push({ kind: 'tags', text: topicTags(ctx), section: ordered.length + 1 });
  const markdown = renderBlocks(blocks);
  // NOTE: a 2% band: the sections offer only what the topic and the type give them (no stock
  // claims to pad with), so an article falls short more often and is brought nearer its length here.
  const fitted = fitArticleLength(markdown, brief.length, { ...fitOptions(ctx, markdown, brief.seoKeywords, 'combine'), band: 0.02 });
  return { title: outline.title, markdown: fitted };
}
