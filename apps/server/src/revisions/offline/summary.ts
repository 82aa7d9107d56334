import { byScore, isFiller, leansOnPrevious, overlap, type Sentence, scoreSentences } from './key-sentences.js';
import { deai } from './deai.js';

/**
 * 摘要 without a model: one paragraph of 80–120 characters made of the article's key sentences
 * (the scorer of 缩写), in the article's order, ending with 。. Questions and filler are left
 * out; an ordinal opener (第一，) that only made sense in its list is dropped. When whole
 * sentences fall short of 80, the next key sentence is taken up to a comma that fits.
 */

export const SUMMARY_CHARS = { min: 80, max: 120 } as const;

/** Code points, spaces included: what a summary field counts. */
export const summaryLength = (text: string) => [...text].length;

/** Openers that point outside the sentence: its place in a list, or a turn from the sentence before. */
export const LIST_OPENER = /^(?:(?:第[一二三四五六七八九十]+|头一)[条点步]?|首先|其次|再次|然后|接着|最后|另外|此外|同时|其实|说到底|坦白讲|总之|所以|因此|但是?|不过|而且|换句话说|也就是说)[，,、：:]\s*/u;

/** A sentence as it stands alone in a summary: no list opener, no stock phrase, ending with 。. */
function standalone(plain: string): string {
  const text = deai(plain.replace(LIST_OPENER, '')).trim();
  return `${text.replace(/[。！？!?；;…．.，,：:\s]+$/u, '')}。`;
}

/** A bold lead-in (**第三，屏幕、电池和影像。**) names a point; only a long one says it. */
const BOLD = /^\s*\*\*[^*]+\*\*\s*$/u;

interface Pick {
  order: number;
  text: string;
}

export function summarize(article: string): string {
  // Sentences that stand alone and say something of the article's: a key term; no question, filler, list fragment or sentence leaning on the one before.
  const sentences = scoreSentences(article).filter(
    (s) => s.score > 0 && !/[？?]\s*$/u.test(s.plain) && !isFiller(s.plain) && !s.listItem && !leansOnPrevious(s.plain) && summaryLength(standalone(s.plain)) >= (BOLD.test(s.text) ? 12 : 8),
  );
  const ranked = sentences.sort(byScore);
  const picks: Pick[] = [];
  let total = 0;
  const rest: Sentence[] = [];
  for (const sentence of ranked) {
    const text = standalone(sentence.plain);
    // A sentence saying again what a chosen one says is left out (大屏看视频更舒服, twice).
    if (picks.some((pick) => overlap(pick.text, text) >= 0.4)) continue;
    if (total + summaryLength(text) <= SUMMARY_CHARS.max) {
      picks.push({ order: sentence.order, text });
      total += summaryLength(text);
    } else rest.push(sentence);
  }
  // Short of 80: the best sentence left, taken up to the last comma that fits.
  for (const sentence of total < SUMMARY_CHARS.min ? rest : []) {
    const text = standalone(sentence.plain);
    const room = SUMMARY_CHARS.max - total;
    const commas = [...text.matchAll(/[，,；;]/gu)].map((match) => [...text.slice(0, match.index)].length);
    const cut = commas.filter((at) => at + 1 <= room && total + at + 1 >= SUMMARY_CHARS.min).at(-1);
    if (cut !== undefined) {
      picks.push({ order: sentence.order, text: `${[...text].slice(0, cut).join('')}。` });
      total += cut + 1;
      break;
    }
  }
  if (picks.length === 0) return '';
  return picks
    .sort((a, b) => a.order - b.order)
    .map((pick) => pick.text)
    .join('');
}
