import { countCjkLength } from '@tianma/shared';
import type { Material, OutlineSection, SectionWritingInput } from '../agents/types.js';
import { type ComposeContext, isQuestion, packFacets, say, stripEnd } from './compose-context.js';
import type { Piece } from './length-fitting.js';
import { chooseDigest, FURTHER_QUOTE_FRAMES } from './material-digest.js';
import { materialTitle } from './material-quotes.js';
import { chooseFacets } from './phrasebook.js';
import { composeCloser, composeLine } from './sentence-variety.js';
import { CLAIM_LEADS, EDGE_TAILS, FRAMES, LAST_RESORT_CLAIMS, QUOTE_FRAMES, SHORT_TRANSITIONS, TRANSITIONS } from './phrasebook-common.js';
import { personasFor } from './phrasebook-voices.js';
import { hashString, type SeededRandom, slicedPool } from '../../platform/seeded-random.js';
import { topicLabel } from './topic-terms.js';
import { tagTopic, termLength } from '../../topic/segment.js';
import type { Facet } from './type-shape.js';
import { comparisonIntroLines, comparisonLines, verdictsOf } from './comparison.js';

/** What a section writer knows: the brief's context, the section, its room and its material. */
export interface SectionPlan {
  ctx: ComposeContext;
  input: SectionWritingInput;
  section: OutlineSection;
  rng: SeededRandom;
  /** CJK characters the text under the heading should have. */
  target: number;
  /** The materials this section cites, numbered [1].. in this order. */
  materials: Material[];
  tight: boolean;
  /** The section opens with a question (the reference style hooks with questions). */
  hooks: boolean;
  /** Prefer short sentences (the reference style uses them). */
  shortSentences: boolean;
}

/** The platform's closing line goes after everything else in a conclusion. */
const CLOSING_GROUP = 10_000;

export class PieceList {
  readonly items: Piece[] = [];
  private order = 0;

  add(text: string, group: number, priority: number, block = false): void {
    if (!text.trim()) return;
    this.items.push({ text, group, order: this.order++, priority, block });
  }

  get length(): number {
    return this.items.reduce((sum, piece) => sum + countCjkLength(piece.text), 0);
  }
}

/**
 * Reasoning sentences for a section. First the type's claims, each section its own share, so an
 * article makes a claim once. Then, marked `stock`, only for an article longer than its topic and
 * type can fill: the last-resort claims of no topic (each section its share), the other sections'
 * shares, and at last claims again under other leads. The lead depends on the claim and the section.
 */
function* claims(plan: SectionPlan): Generator<{ text: string; stock: boolean }> {
  const { ctx, input } = plan;
  const parts = input.outline.sections.length;
  const all = [...ctx.shape.claims, ...LAST_RESORT_CLAIMS];
  const typed = slicedPool(ctx.shape.claims.map((_c, i) => i), `${ctx.seed}|type-claims`, input.index, parts);
  const generic = slicedPool(LAST_RESORT_CLAIMS.map((_c, i) => i + ctx.shape.claims.length), `${ctx.seed}|claims`, input.index, parts);
  const ownTyped = Math.ceil(typed.length / parts);
  const ownGeneric = Math.ceil(generic.length / parts);
  const order = [...typed.slice(0, ownTyped), ...generic.slice(0, ownGeneric), ...typed.slice(ownTyped), ...generic.slice(ownGeneric)];
  const leads = slicedPool(CLAIM_LEADS, `${ctx.seed}|leads`, 0, 1);
  const recent: number[] = [];
  for (let i = 0; i < order.length * 4; i += 1) {
    const id = order[i % order.length]!;
    const round = Math.floor(i / order.length);
    const stock = i >= ownTyped;
    const claim = say(ctx, all[id]!);
    // NOTE: mod 7 because an outline has at most 7 sections: two sections never both leave a claim
    // without its lead. Such a claim stays short (the length fitting needs a few small pieces to
    // close a gap), composed like any line: bare, it was the same sentence in unrelated articles.
    if (round === 0 && (id * 3 + input.index) % 7 === 0) {
      yield { text: composeLine(ctx, `${claim}。`, `${input.index}|claim|${id}|short`), stock };
      continue;
    }
    // The lead follows the claim and the section; within a section no lead comes back too soon.
    let lead = (id * 7 + input.index * 5 + round * 11) % leads.length;
    while (recent.includes(lead)) lead = (lead + 1) % leads.length;
    recent.push(lead);
    if (recent.length > leads.length / 2) recent.shift();
    yield { text: composeLine(ctx, `${say(ctx, leads[lead]!)}，${claim}。`, `${input.index}|claim|${i}`, { led: true }), stock };
  }
}

/** Below every sentence about the topic: stock claims only fill what the topic could not. */
const STOCK_RANK = 12;

/** Adds reasoning sentences until the pieces offer comfortably more than the target. */
export function addClaims(plan: SectionPlan, pieces: PieceList, groups: number[], basePriority: number): void {
  const stream = claims(plan);
  const want = plan.target * 1.6 + 80;
  for (let i = 0; pieces.length < want && i < 400; i += 1) {
    const next = stream.next();
    if (next.done) break;
    const { text, stock } = next.value;
    const group = i < groups.length * 2 ? groups[i % groups.length]! : 100 + Math.floor(i / 2) * 10;
    const priority = basePriority + Math.floor(i / Math.max(1, groups.length)) + (plan.shortSentences && countCjkLength(text) > 30 ? 2 : 0) + (stock ? STOCK_RANK : 0);
    pieces.add(text, group, priority);
  }
  // NOTE: no 「这是基础。」「做到比知道难。」「我记得很清楚。」 to close a small gap: the style pass
  // joins short lines into sentences, and those read the same in every article.
}

/**
 * The section's digest of its materials: real sentences of the sources (never a heading, list
 * item, table row or fragment), chosen by BM25 against the section's heading and key points and
 * by maximal marginal relevance, each quoted verbatim and cited [n], joined by connecting
 * sentences that add no fact. The first quote is essential; the combiner drops a quote another
 * section already made.
 */
export function addQuotes(plan: SectionPlan, pieces: PieceList, group: number): void {
  const { ctx, rng, input, section } = plan;
  if (plan.materials.length === 0) return;
  const maxLength = Math.max(40, Math.floor(plan.target * 0.6));
  const count = plan.tight ? 1 : Math.max(1, Math.min(4, Math.round(plan.target / 160)));
  const query = `${section.heading} ${section.keyPoints.join(' ')} ${ctx.terms.terms.join(' ')}`;
  const parts = input.outline.sections.length;
  const picks = chooseDigest(plan.materials, query, count, {
    offset: input.index * count,
    // Sections are written apart and often share a passage: each prefers its own share of the sentences.
    prefer: (sentence) => shareOf(sentence, parts) === input.index % parts,
    // NOTE: a sentence with quotation marks of its own would nest inside the frame's “…”.
    accept: (sentence) => countCjkLength(sentence) <= maxLength && !/[“”"「」]/u.test(sentence),
  });
  for (const [k, pick] of picks.entries()) {
    const material = plan.materials[pick.material]!;
    const quote = pick.sentence.replace(/[。！？；!?;]+$/u, '');
    const slots = { cite: `[${pick.material + 1}]`, title: materialTitle(material), quote };
    const again = k > 0 && picks[k - 1]!.material === pick.material;
    const frame = plan.tight
      ? rng.pick(QUOTE_FRAMES.tight)
      : again
        ? rotated(plan, FURTHER_QUOTE_FRAMES, 'further-quote', input.index * 3 + k)
        : rng.pick(material.source === 'knowledge' ? QUOTE_FRAMES.knowledge : QUOTE_FRAMES.web);
    const quoted = say(ctx, frame, slots);
    // NOTE: the follow-up (「这句话…」) refers to the quote, so it travels in the same piece.
    const follow = k === 0 && !plan.tight ? say(ctx, rotated(plan, QUOTE_FRAMES.follow, 'follow', input.index)) : '';
    pieces.add(`${quoted}${follow}`, k === 0 ? group : group + 1, k === 0 ? 0 : 2 + k);
  }
}

/** A stable share (0..parts-1) a sentence falls to. */
function shareOf(sentence: string, parts: number): number {
  let hash = 0;
  for (const ch of sentence) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return hash % Math.max(1, parts);
}

/** An essay that tells a story: its own scenes, or (without a pack) the type's narrative lines. */
function narrates(ctx: SectionPlan['ctx']): boolean {
  return ctx.brief.articleType === 'experience_story_essay' && (ctx.scenes || !ctx.domain);
}

/**
 * An essay's example story: a person and a start, a turn and an end, each list shuffled once per
 * article and read at the section's own place, so no two stories of an article share a part; a
 * section past the shortest list tells none.
 */
export function exampleSentence(plan: SectionPlan): string {
  const { ctx, rng, input } = plan;
  const { starts, turns, ends } = ctx.shape.example;
  const at = input.index;
  // NOTE: only an essay tells stories. Elsewhere 「比如做运营的小周…用下来最大的感受是省心」 is a
  // testimonial nobody gave: the writer says only what the topic, settings and material support.
  // An essay of a practical pack's lessons has its matter; a stranger's story would be filler.
  if (!narrates(ctx)) return '';
  if (at >= Math.min(starts.length, turns.length, ends.length)) return '';
  const personas = slicedPool(personasFor(ctx.brief.audience), `${ctx.seed}|persona`, 0, 1);
  const part = (list: string[], salt: string) => say(ctx, slicedPool(list, `${ctx.seed}|${salt}`, 0, 1)[at]!);
  const lead = say(ctx, rng.pick(ctx.voice.exampleLeads), { persona: personas[at % personas.length]! });
  return `${lead}${part(starts, 'start')}，${part(turns, 'turn')}，${part(ends, 'end')}。`;
}

/** Words that tie nothing together: any two sentences may share them. */
const SHARED_WORDS = new Set(['一个', '一些', '这个', '那个', '这些', '自己', '可以', '时候', '没有', '不是', '就是', '还是', '什么', '怎么', '如果', '一定', '比较', '最好', '之前', '之后', '已经', '现在', '一下', '一点', '一样']);

/** The words of a sentence that can tie it to another: nouns of any length, other words of two characters or more. */
function contentWords(text: string): Set<string> {
  const words = tagTopic(text)
    .filter(({ word, tag }) => tag !== 'w' && !SHARED_WORDS.has(word) && (termLength(word) >= 2 || tag.startsWith('n')))
    .map(({ word }) => word.toLowerCase());
  return new Set(words);
}

/** Two-character runs of CJK text: a weaker tie (养猫 and 猫砂 share none, 猫砂盆 and 猫砂 one). */
function bigrams(text: string): Set<string> {
  const han = [...text.replace(/[^\p{Script=Han}]/gu, '')];
  return new Set(han.slice(1).map((ch, i) => `${han[i]}${ch}`));
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const item of a) if (b.has(item)) n += 1;
  return n;
}

/**
 * Pairs a section's details with its points by meaning: each detail goes under the point it shares
 * the most words with (then the most two-character runs); a detail that shares nothing with any
 * point goes to the point with the fewest so far. Under each point its details come closest first,
 * and `round` is a detail's place there (the length fitting drops later rounds first). Every
 * detail is used once; the same input always pairs the same way.
 */
export function pairDetails(points: readonly string[], details: readonly string[]): { detail: string; point: number; round: number }[] {
  if (points.length === 0) return details.map((detail, k) => ({ detail, point: 0, round: k }));
  const pointWords = points.map(contentWords);
  const pointGrams = points.map(bigrams);
  const scored = details.map((detail, d) => {
    const words = contentWords(detail);
    const grams = bigrams(detail);
    const scores = points.map((_p, p) => overlap(pointWords[p]!, words) * 100 + overlap(pointGrams[p]!, grams));
    return { detail, d, scores, best: Math.max(...scores) };
  });
  const under: { detail: string; d: number; value: number }[][] = points.map(() => []);
  // The closest ties are placed first, so that a detail with no tie balances the groups after them.
  for (const item of [...scored].sort((x, y) => y.best - x.best || x.d - y.d)) {
    let point = 0;
    for (let p = 1; p < points.length; p += 1) {
      const better = item.scores[p]! > item.scores[point]!;
      const even = item.scores[p] === item.scores[point] && under[p]!.length < under[point]!.length;
      if (better || even) point = p;
    }
    under[point]!.push({ detail: item.detail, d: item.d, value: item.scores[point]! });
  }
  const out = under.flatMap((list, point) => list.map((item, round) => ({ detail: item.detail, point, round, d: item.d })));
  return out.sort((x, y) => x.round - y.round || x.point - y.point).map(({ detail, point, round }) => ({ detail, point, round }));
}

/** A list rotated once per article: item `at` differs from one section to the next. */
export function rotated(plan: SectionPlan, list: readonly string[], salt: string, at: number): string {
  return slicedPool(list, `${plan.ctx.seed}|${salt}`, 0, 1)[at % list.length]!;
}

/** How many of the unused facets' sentences one section takes. */
const SPARE_PER_SECTION = 4;

/**
 * This section's share of the domain sentences of facets the article has no section for. (The
 * type's facets are not offered here: said of any topic of the type, they would be the same
 * sentences in unrelated articles; the combiner's filler draws on them only to reach the length.)
 */
function spareDetails(plan: SectionPlan): string[] {
  const { ctx, input } = plan;
  if (!ctx.domain) return [];
  const bodies = input.outline.sections.length - 2;
  const used = new Set(chooseFacets(ctx.facets, bodies).map((facet) => facet.key));
  // The whole pack knows about this topic, not only the facets this article type picks from.
  const known = packFacets(ctx);
  const facets = [...new Set([...ctx.facets.map((facet) => facet.key), ...known.map((facet) => facet.key)])];
  const spare = facets
    .filter((key) => !used.has(key))
    .flatMap((key) => known.find((facet) => facet.key === key)?.details ?? ctx.facets.find((facet) => facet.key === key)?.details ?? []);
  const share = (lines: string[], salt: string) => {
    const pool = slicedPool([...new Set(lines)], `${ctx.seed}|${salt}`, 0, 1);
    // Each body its even share of them (at least SPARE_PER_SECTION): what the pack knows comes
    // before any claim of no topic.
    const per = Math.max(SPARE_PER_SECTION, Math.ceil(pool.length / Math.max(1, bodies)));
    return pool.slice((input.index - 1) * per, input.index * per);
  };
  return share(spare, 'spare');
}

/** The bodies' short names: their facets (亮点、体验…) for our own outline, else their headings. */
function bodyNames(plan: SectionPlan): string[] {
  const bodies = plan.input.outline.sections.slice(1, -1);
  const facets = chooseFacets(plan.ctx.facets, bodies.length);
  return facets.length === bodies.length ? facets.map((facet) => facet.key) : bodies.map((section) => topicLabel(section.heading));
}

/** The facet a body section covers, by its place among the outline's body sections. */
export function facetOf(plan: SectionPlan): Facet | undefined {
  const bodies = plan.input.outline.sections.length - 2;
  return chooseFacets(plan.ctx.facets, bodies)[plan.input.index - 1];
}

export function writeIntroduction(plan: SectionPlan): PieceList {
  const { ctx, rng, input } = plan;
  const pieces = new PieceList();
  const verdict = say(ctx, rng.pick(verdictsOf(ctx)));
  const opener = ctx.xhs || ctx.brief.platform === 'zhihu' ? rng.pick(ctx.platform.openers) : rng.pick(ctx.voice.intro);
  // A short introduction with material keeps the quote and, on Zhihu, the verdict; the opener may go.
  // An essay with a pack opens on its own scene (below): the platform's or style's opener only fills a gap.
  const scenicEssay = ctx.scenes;
  const openerPriority = scenicEssay ? 6 : plan.tight && plan.materials.length > 0 && ctx.brief.platform !== 'zhihu' ? 1 : 0;
  pieces.add(composeLine(ctx, say(ctx, opener, { verdict }), '0|opener'), 0, openerPriority);
  if (plan.tight) pieces.add(say(ctx, rng.pick(FRAMES.tightIntro)), 0, 0);
  if (ctx.brief.platform !== 'wechat') pieces.add(composeLine(ctx, say(ctx, rng.pick(ctx.voice.intro)), '0|intro'), 0, 1);
  // A comparison's own line: the type's (「认真安利一下{term}」) would make its two options one product.
  // NOTE: a guide's own line announces its steps (下面把{term}这件事拆成几个步骤…); with the steps
  // named below (接下来依次是准备、动手、避坑) it would say the same twice, in words every guide shares.
  const comparisonLines = comparisonIntroLines(ctx);
  const announcesSteps = ctx.brief.articleType === 'practical_guide' && bodyNames(plan).length >= 2;
  if (comparisonLines || !announcesSteps) pieces.add(composeLine(ctx, say(ctx, rng.pick(comparisonLines ?? ctx.shape.introLines)), '0|intro-line'), 10, 1);
  // An essay does not announce its readers' needs, its questions or its plan: it begins. One that
  // tells what a practical pack knows (scenes false) is an account of lessons, and says them.
  const essay = narrates(ctx);
  const needs = essay ? [] : input.analysis.audienceNeeds.map(stripEnd).filter(Boolean);
  if (!essay) {
    pieces.add(say(ctx, rng.pick(FRAMES.audience), { need: needs[0] ?? say(ctx, ctx.shape.needs[0]!) }), 10, 1);
    // NOTE: a question that is also a section's heading would be the same sentence twice.
    const headings = new Set(input.outline.sections.map((section) => stripEnd(section.heading)));
    const questions = input.analysis.keyQuestions.filter((question) => isQuestion(question) && !headings.has(stripEnd(question))).slice(0, 3).join('');
    if (questions) pieces.add(say(ctx, rng.pick(FRAMES.preview), { questions }), 20, 2);
    const names = bodyNames(plan);
    if (names.length >= 2) pieces.add(say(ctx, rng.pick(FRAMES.steps), { list: names.join('、') }), 20, 2);
    if (ctx.brief.platform !== 'zhihu') pieces.add(say(ctx, rng.pick(FRAMES.angle), { angle: stripEnd(input.analysis.angle) }), 20, 2);
  }
  addQuotes(plan, pieces, 30);
  // An essay with a pack opens on a scene of how it began (the pack's 起因), before any reflection.
  const openings = ctx.scenes && ctx.domain ? rng.shuffle(ctx.domain.facets.filter((facet) => facet.move === '起因').flatMap((facet) => facet.details)) : [];
  for (const [k, line] of openings.slice(0, 4).entries()) pieces.add(line, 15, k < 2 ? 1 : 3);
  pieces.add(exampleSentence(plan), 50, 4);
  addClaims(plan, pieces, [40, 60], openings.length > 0 || ctx.domain ? 9 : 5);
  pieces.add(rotated(plan, EDGE_TAILS.intro, 'edge', 0), 60, 20);
  return pieces;
}

export function writeBody(plan: SectionPlan): PieceList {
  const { ctx, rng, input, section } = plan;
  const pieces = new PieceList();
  const facet = facetOf(plan);
  const question = section.keyPoints.find(isQuestion);
  let points = section.keyPoints.filter((point) => !isQuestion(point)).map(stripEnd).filter(Boolean);
  if (points.length === 0) points = (facet?.points ?? ctx.shape.claims).slice(0, 2).map((point) => say(ctx, point));
  const groups = points.map((_point, j) => 10 + 20 * j);

  // Some sections lead on by themselves; the combiner adds a transition to the others
  // (always on Xiaohongshu, whose transitions stand before the heading).
  // An essay moves on by its scenes, not by 「再来看…」 (the combiner leaves it alone too).
  const essay = ctx.brief.articleType === 'experience_story_essay';
  if (input.index >= 2 && !plan.tight && !ctx.xhs && !essay && rng.chance(0.5)) {
    const short = topicLabel(section.heading);
    const fits = countCjkLength(short) <= 8 && !short.includes('，');
    pieces.add(fits ? say(ctx, rotated(plan, TRANSITIONS, 'transition', input.index), { short }) : rotated(plan, SHORT_TRANSITIONS, 'transition', input.index), 0, 0);
  }
  if (question && !isQuestion(section.heading) && (plan.hooks || (!essay && rng.chance(0.5)))) {
    const frames = question.includes('我') ? FRAMES.selfQuestion : FRAMES.question;
    pieces.add(say(ctx, rng.pick(frames), { question }), 0, plan.hooks ? 0 : 2);
  }
  for (const [j, point] of points.entries()) {
    // An essay tells; only the other types count their points off.
    const counted = points.length > 1 && ctx.brief.articleType !== 'experience_story_essay';
    const ordinal = counted ? `${ctx.voice.ordinals[j % ctx.voice.ordinals.length]}，` : '';
    // NOTE: 「首先，先…」 reads twice; the point's own 先 goes when an ordinal leads.
    const sentence = `${ordinal}${ordinal && point.startsWith('先') ? point.slice(1) : point}。`;
    pieces.add(ctx.brief.platform === 'zhihu' ? `**${sentence}**` : sentence, groups[j]!, j === 0 ? 0 : plan.tight ? 2 : 1);
  }
  // A domain's checklist is a list one can tick off, not sentences.
  if (ctx.domain && facet?.move === '检查清单' && ctx.domain.checklist.length > 0) {
    const items = rng.sample(ctx.domain.checklist, Math.min(8, ctx.domain.checklist.length));
    pieces.add(items.map((item) => `- ${item}`).join('\n'), groups[groups.length - 1]!, plan.tight ? 3 : 1, true);
  }
  // NOTE: a domain's sentences are said plainly: an added 「回头看常常如此」 would change what a
  // concrete piece of advice means, and they are not shared with unrelated articles anyway.
  // Each detail goes under the point it speaks to (the most words in common), each used once.
  const details = pairDetails(points, (facet?.details ?? []).map((detail) => say(ctx, detail)));
  const long = (text: string) => (plan.shortSentences && countCjkLength(text) > 28 ? 2 : 0);
  for (const [k, { detail, point, round }] of details.entries()) {
    const text = ctx.domain ? detail : composeLine(ctx, detail, `${input.index}|detail|${k}`);
    pieces.add(text, groups[point]!, 2 + round + (plan.tight ? 1 : 0) + long(text));
  }
  // The pack's facets this article has no section for still know things: they come before the
  // generic reasoning lines, each section its own share.
  // NOTE: in a paragraph of their own after the points: under a point they would seem to explain it.
  // The facet's points the outline did not pick are said too, after its details.
  const unpicked = (facet?.points ?? []).map((point) => say(ctx, point)).filter((point) => !points.includes(point));
  for (const [k, point] of unpicked.slice(0, 4).entries()) pieces.add(composeLine(ctx, `${point}。`, `${input.index}|point|${k}`), groups[k % groups.length]!, 4 + k);
  for (const [k, detail] of spareDetails(plan).entries()) pieces.add(detail, 80, 3 + Math.floor(k / 2) + long(detail));
  // NOTE: no stock aside of the style (「换句话说，方法是否有效，取决于它适用的条件」) and no 「这一点，
  // {audience}不妨多留意」: said of any topic, they were the same sentences in unrelated articles.
  // The style shows in the transform (style-transform.ts), its openings and closings.
  // A comparison weighs its two options in every body section, each section its own pair of lines.
  const offset = hashString(`${ctx.seed}|comparison`) % 10;
  for (const [k, line] of comparisonLines(ctx, input.index, offset).entries()) pieces.add(line, groups[k % groups.length]!, 1 + k);
  addQuotes(plan, pieces, 15);
  // NOTE: the type's example stories are about effort in general; beside a domain's concrete
  // details they read off topic, so they only fill a gap the details leave.
  const storyRank = ctx.domain ? 6 : 0;
  pieces.add(exampleSentence(plan), 35, 3 + storyRank);
  // Reasoning lines argue in general; where a pack knows the subject they only fill a gap.
  addClaims(plan, pieces, groups, ctx.domain ? 8 : 4);
  return pieces;
}

export function writeConclusion(plan: SectionPlan): PieceList {
  const { ctx, rng, input } = plan;
  const pieces = new PieceList();
  // An essay with a pack has its own last lines (below); the stock ones only fill a gap.
  const scenic = ctx.scenes;
  pieces.add(composeLine(ctx, say(ctx, rng.pick(ctx.shape.conclusionLines)), `${input.index}|conclusion`), 0, scenic ? 6 : plan.tight ? 1 : 0);
  if (plan.tight && !scenic) pieces.add(say(ctx, rng.pick(FRAMES.tightCall)), 30, 0);
  const bodies = input.outline.sections.slice(1, -1).map((section) => section.heading);
  // An essay ends on its last image, not on a recap of its parts.
  const essay = narrates(ctx);
  if (bodies.length >= 2 && !essay) {
    if (ctx.brief.articleType === 'practical_guide' && !ctx.xhs) {
      // NOTE: the headings themselves would repeat sentences of the article; the list names each step and its first point.
      const names = bodyNames(plan);
      const steps = input.outline.sections.slice(1, -1).map((section, i) => {
        const point = section.keyPoints.find((p) => !isQuestion(p));
        return `- ${names[i] ?? topicLabel(section.heading)}${point ? `：${stripEnd(point)}` : ''}`;
      });
      pieces.add(`几个步骤连起来看：\n\n${steps.join('\n')}`, 10, 2, true);
    } else {
      const shorts = bodyNames(plan);
      const recap = say(ctx, rng.pick(FRAMES.recap), { list: shorts.join('、'), first: shorts[0]!, last: shorts[shorts.length - 1]! });
      pieces.add(recap, 10, 1);
    }
  }
  const points = input.outline.sections.slice(1, -1).map((section) => section.keyPoints.find((point) => !isQuestion(point)));
  const names = bodyNames(plan);
  const recapPoints = points.flatMap((point, i) => (point && names[i] ? [`${names[i]}——${stripEnd(point)}`] : []));
  const listed = bodies.length >= 2 && ctx.brief.articleType === 'practical_guide' && !ctx.xhs;
  if (recapPoints.length >= 2 && !listed && !essay) pieces.add(`简单回顾一下：${recapPoints.join('；')}。`, 12, 2);
  addQuotes(plan, pieces, 20);
  // An essay with a pack ends on what its subject leaves (the pack's 感悟), not on a call to readers.
  const endings = ctx.scenes && ctx.domain ? rng.shuffle(ctx.domain.facets.filter((facet) => facet.move === '感悟').flatMap((facet) => facet.details)) : [];
  for (const [k, line] of endings.slice(0, 4).entries()) pieces.add(line, 5, k < 2 ? 0 : 3);
  if (endings.length === 0) pieces.add(composeLine(ctx, say(ctx, rng.pick(ctx.shape.calls)), `${input.index}|call`), 30, 1);
  pieces.add(composeLine(ctx, say(ctx, rng.pick(ctx.voice.outro)), `${input.index}|outro`), 30, scenic ? 6 : 1);
  addClaims(plan, pieces, [40, 50], scenic || ctx.domain ? 8 : 4);
  if (!scenic) pieces.add(rotated(plan, EDGE_TAILS.conclusion, 'edge', 0), 50, 20);
  pieces.add(composeCloser(ctx, say(ctx, rng.pick(ctx.platform.closers))), CLOSING_GROUP, plan.tight ? 3 : 1);
  return pieces;
}
