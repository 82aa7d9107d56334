import { humanizeArticle, UNTOUCHED_LINE } from '../../generation/style/humanize.js';

/**
 * 去AI味 on a selection without a model: the generation's own style pass (humanizeArticle: the
 * announcing fillers, era openings, inflated and buzzword predicates of docs/stock-phrases.md),
 * then what an editor also takes out of a single passage and the pipeline leaves to the section
 * plan: a chain opened by 首先, rallying closings, the assistant's voice about 本文. Headings,
 * images, tables, quote blocks and quoted words are left as they are, as humanize does. Balanced
 * pairs that carry meaning (不仅…而且…, 一方面…另一方面…) stay.
 */

const SENTENCE_START = '(^\\s*|[。！？!?；;]\\s*)';
/** A list item's marker: set aside so its text is revised as a sentence start. */
const LIST_MARKER = /^\s*(?:[-*+]|\d+[.)])\s+/u;

interface Rule {
  pattern: RegExp;
  replace: string;
}

const RULES: readonly Rule[] = [
  // 首先，… at a sentence start: the order is already the text's (humanize turns 其次 into 接着).
  { pattern: new RegExp(`${SENTENCE_START}首先[，,：:]\\s*`, 'gu'), replace: '$1' },
  { pattern: new RegExp(`${SENTENCE_START}与此同时[，,]\\s*`, 'gu'), replace: '$1同时，' },
  { pattern: new RegExp(`${SENTENCE_START}(?:一言以蔽之|归根结底)[，,：:]\\s*`, 'gu'), replace: '$1' },
  // The article talking about itself or its reader's hopes: the whole sentence goes.
  { pattern: new RegExp(`${SENTENCE_START}希望(?:本文|这篇文章|以上内容)[^。！？!?\\n]*[。！？!?]`, 'gu'), replace: '$1' },
  { pattern: new RegExp(`${SENTENCE_START}(?:本文将|接下来我们将)`, 'gu'), replace: '$1下面' },
  { pattern: /让我们(?:一起|携手)/gu, replace: '一起' },
  { pattern: new RegExp(`${SENTENCE_START}让我们拭目以待[。！!]?`, 'gu'), replace: '$1' },
  { pattern: /不可或缺/gu, replace: '少不了' },
  { pattern: /不容忽视/gu, replace: '不能忽视' },
  { pattern: /蓬勃发展/gu, replace: '发展很快' },
  { pattern: /日益凸显/gu, replace: '越来越明显' },
  { pattern: /如雨后春笋般/gu, replace: '接连' },
  { pattern: /注入新的活力/gu, replace: '带来变化' },
];

/**
 * What a removed phrase can leave behind: doubled commas, a comma opening a sentence or a line.
 * Full-width marks only: an ASCII comma may be code (`a,,b`) and is normalize's business.
 */
function tidy(line: string): string {
  return line
    .replace(/，{2,}/gu, '，')
    .replace(/([。！？；：])\s*[，、]+\s*/gu, '$1')
    .replace(/^(\s*)[，、；]+\s*/u, '$1')
    .replace(/，\s*([。！？])/gu, '$1');
}

const QUOTED = /“[^”]*”|「[^」]*」/gu;

function reviseProse(text: string): string {
  return RULES.reduce((out, { pattern, replace }) => out.replace(pattern, (_match, start: string) => replace.replace('$1', start ?? '')), text);
}

function reviseLine(line: string): string {
  if (UNTOUCHED_LINE.test(line)) return line;
  let out = '';
  let last = 0;
  for (const match of line.matchAll(QUOTED)) {
    out += reviseProse(line.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return tidy(out + reviseProse(line.slice(last)));
}

const FENCE = /^\s*(?:```|~~~)/u;

export function deai(selection: string): string {
  let inFence = false;
  return selection
    .split('\n')
    .map((line) => {
      if (FENCE.test(line)) inFence = !inFence;
      else if (!inFence) {
        const marker = LIST_MARKER.exec(line)?.[0] ?? '';
        return marker + reviseLine(humanizeArticle(line.slice(marker.length)).markdown);
      }
      return line;
    })
    .join('\n');
}
