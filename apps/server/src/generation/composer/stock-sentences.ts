import { ARTICLE_TYPES } from '@tianma/shared';
import { CLAIM_LEADS, FRAMES, LAST_RESORT_CLAIMS } from './phrasebook-common.js';
import { shapeOf } from './phrasebook.js';
import { STYLE_VOICES } from './phrasebook-voices.js';
import { ARGUMENT_OPENERS, ARGUMENT_TAILS, NARRATIVE_OPENERS, NARRATIVE_TAILS } from './sentence-variety.js';

/*
 * The offline writer's own stock lines, recognised in a finished article: the claims of no topic
 * (「真正有用的方法，往往简单到让人怀疑它是否有效」), the introduction and conclusion lines, the
 * calls to the reader and the frames that talk about the text (「这一节想弄清楚：…」), with the
 * stance openers and tails the writer wraps them in. They carry the writer's voice, not the
 * article's matter: a compression of the article (一稿多发) leaves them out. The facets' points and
 * details are not here: for a topic without a domain pack they are the article's matter.
 */

const SLOT = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
const END = /[。！？!?…；;，,：:\s]+$/u;

/** A template as a pattern: its slots match a short stretch of text. */
function patternOf(template: string): string {
  const bare = template.replace(END, '');
  return bare
    .split(SLOT)
    .map((part, i) => (i % 2 === 1 ? '[^。！？]{1,90}?' : escapeRegExp(part)))
    .join('');
}

function templates(): string[] {
  const lines: string[] = [...LAST_RESORT_CLAIMS];
  for (const type of ARTICLE_TYPES) {
    const shape = shapeOf(type.value);
    lines.push(...shape.claims, ...shape.introLines, ...shape.conclusionLines, ...shape.calls);
  }
  for (const voice of Object.values(STYLE_VOICES)) lines.push(...voice.intro, ...voice.outro);
  for (const frames of Object.values(FRAMES)) lines.push(...frames);
  return [...new Set(lines.filter((line) => line.replace(SLOT, '').length >= 4))];
}

const wrap = (items: readonly string[]) => items.map((item) => patternOf(item)).join('|');
const LEAD = `(?:(?:${wrap(ARGUMENT_OPENERS)}|${wrap(NARRATIVE_OPENERS)})[，,：:]?\\s*)?(?:(?:${wrap(CLAIM_LEADS)})[，,]\\s*)?`;
const TAIL = `(?:[，,]\\s*(?:${wrap(ARGUMENT_TAILS)}|${wrap(NARRATIVE_TAILS)}))?`;
const STOCK = new RegExp(`^${LEAD}(?:${templates().map(patternOf).join('|')})${TAIL}$`, 'u');

/** True when the sentence is one of the offline writer's stock lines (with its opener and tail, if any). */
export function isComposerStock(sentence: string): boolean {
  return STOCK.test(sentence.trim().replace(END, ''));
}
