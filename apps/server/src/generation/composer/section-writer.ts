import { countCjkLength } from '@tianma/shared';
import type { SectionDraft, SectionWritingInput } from '../agents/types.js';
import { articleOverhead, type ComposeContext, contextOf, rngFor } from './compose-context.js';
import { type Piece, selectPieces, splitSentences } from './length-fitting.js';
import { XHS_HEADING_EMOJI, XHS_LINE_EMOJI } from './phrasebook-voices.js';
import type { SeededRandom } from '../../platform/seeded-random.js';
import { type SectionPlan, writeBody, writeConclusion, writeIntroduction } from './section-content.js';
import { SHORT_STYLES } from './style-targets.js';

/** Characters the combiner's transition takes when a section does not open with its own. */
const TRANSITION_ROOM = 8;
const TIGHT_BELOW = 90;
const MAX_RESERVE = 0.06;
const PICTOGRAPH_START = /^\p{Extended_Pictographic}/u;

function headingLine(ctx: ComposeContext, heading: string, index: number, rng: SeededRandom): string {
  if (!ctx.xhs) return `## ${heading}`;
  return index === 0 ? '' : `${rng.pick(XHS_HEADING_EMOJI)} **${heading}**`;
}

/** Splits one group's pieces into paragraphs of balanced size within the platform's sentence limit. */
function balance(pieces: Piece[], maxSentences: number): string[] {
  const counts = pieces.map((piece) => Math.max(1, splitSentences(piece.text).length));
  const total = counts.reduce((a, b) => a + b, 0);
  const chunks = Math.max(1, Math.ceil(total / maxSentences));
  const out: string[][] = [[]];
  let seen = 0;
  for (const [i, piece] of pieces.entries()) {
    if (out[out.length - 1]!.length > 0 && seen >= (total * out.length) / chunks) out.push([]);
    out[out.length - 1]!.push(piece.text);
    seen += counts[i]!;
  }
  return out.map((chunk) => chunk.join(''));
}

/** Pieces into paragraphs: one or more paragraphs per group; a block stands alone. */
function paragraphs(ctx: ComposeContext, pieces: Piece[], rng: SeededRandom): string[] {
  const out: string[] = [];
  let run: Piece[] = [];
  const flush = () => {
    if (run.length > 0) out.push(...balance(run, ctx.platform.maxSentences));
    run = [];
  };
  for (const piece of pieces) {
    if (piece.block) {
      flush();
      out.push(piece.text);
      continue;
    }
    if (run.length > 0 && run[0]!.group !== piece.group) flush();
    run.push(piece);
  }
  flush();
  // A lone short sentence (a tail) joins the paragraph before it.
  for (let i = out.length - 1; i > 0; i -= 1) {
    if (countCjkLength(out[i]!) < 10 && !out[i - 1]!.startsWith('- ') && !out[i]!.startsWith('- ')) {
      out[i - 1] = `${out[i - 1]}${out[i]}`;
      out.splice(i, 1);
    }
  }
  if (!ctx.xhs) return out;
  return out.map((paragraph) => (PICTOGRAPH_START.test(paragraph) || paragraph.startsWith('- ') ? paragraph : `${rng.pick(XHS_LINE_EMOJI)} ${paragraph}`));
}

/**
 * The sources the chosen pieces cite, in order of first citation, with the markers renumbered
 * [1]..[m] to match: a material the digest did not quote is not a source of the section.
 */
function citedOnly(pieces: Piece[], materials: SectionPlan['materials']): { pieces: Piece[]; sources: SectionPlan['materials'] } {
  const order = new Map<number, number>();
  for (const piece of pieces) {
    for (const match of piece.text.matchAll(/\[(\d+)\]/g)) {
      const local = Number(match[1]);
      if (materials[local - 1] && !order.has(local)) order.set(local, order.size + 1);
    }
  }
  const renumbered = pieces.map((piece) => ({ ...piece, text: piece.text.replace(/\[(\d+)\]/g, (_m, local: string) => (order.has(Number(local)) ? `[${order.get(Number(local))}]` : '')) }));
  return { pieces: renumbered, sources: [...order.keys()].map((local) => materials[local - 1]!) };
}

export function writeSectionDraft(input: SectionWritingInput): SectionDraft {
  const ctx = contextOf(input.brief);
  const { outline, index } = input;
  const section = outline.sections[index];
  if (!section) throw new Error(`the outline has no section ${index}`);
  const rng = rngFor(ctx, `section|${index}`);
  const last = index === outline.sections.length - 1 && index > 0;

  const heading = headingLine(ctx, section.heading, index, rng);
  const total = outline.sections.reduce((sum, s) => sum + s.budget, 0) || input.brief.length;
  // Half of what the combiner adds (title, tags, a transition) is left free, pro rata, but never
  // so much that the section strays far from its budget; the combiner trims the rest.
  const overheadShare = (0.5 * articleOverhead(ctx, outline) * section.budget) / total;
  const transition = index > 0 ? TRANSITION_ROOM : 0;
  const reserve = Math.round(Math.min(overheadShare + transition, MAX_RESERVE * section.budget));
  const target = Math.max(12, section.budget - reserve - countCjkLength(heading));
  const tight = target < TIGHT_BELOW;
  const plan: SectionPlan = {
    ctx,
    input,
    section,
    rng,
    target,
    materials: input.materials,
    tight,
    hooks: /设问|提问|问题/u.test(input.style?.hooks ?? ''),
    shortSentences: input.style?.sentenceLength === '短句为主' || (!input.style && SHORT_STYLES.has(input.brief.style)),
  };

  const planned = index === 0 ? writeIntroduction(plan) : last ? writeConclusion(plan) : writeBody(plan);
  const chosen = selectPieces(planned.items, target);
  const { pieces, sources } = citedOnly(chosen, plan.materials);
  const markdown = [heading, ...paragraphs(ctx, pieces, rng)].filter(Boolean).join('\n\n');
  return { index, heading: section.heading, markdown: `${markdown}\n`, sources };
}
