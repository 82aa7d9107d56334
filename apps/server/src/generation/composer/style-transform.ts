import { countCjkLength } from '@tianma/shared';
import { type MeasuredStyle, measureStyle, sentencesIn } from '../style/style-metrics.js';

/**
 * The offline style pass (WRITING.md §5, issue 16 point 5): the combined draft moved toward the
 * reference's measured profile by plain edits — clauses split or joined at ，/； to move the
 * sentence length, paragraphs split or joined to move the paragraph length, the subject pronoun
 * swapped (我/你/我们) where a sentence opens with one, a short question put at some paragraph
 * openings, 。 turned into ！ (or back), emoji added or dropped. Only prose paragraphs are edited:
 * headings, image lines, tables, lists, tag lines are left as they are, and so is every sentence
 * holding a quotation (“…”, 「…」, 『…』) or a citation [n]. Deterministic: the same draft and
 * profile give the same text.
 */

const PROTECTED_SENTENCE = /[“”「」『』"]|\[\d{1,3}\]/u;
const EMOJI = /\p{Extended_Pictographic}\uFE0F?/gu;
const LEAD_EMOJI = ['✨', '💡', '👉', '📌', '🙌', '😊'];
/** Openings that ask the question the paragraph then answers; neutral in content. */
const OPENING_QUESTIONS = ['为什么这么说？', '这意味着什么？', '具体是怎样的？', '那该怎么看？', '问题出在哪里？', '接下来呢？'];

/** A clause that only leads into the next one (说白了，… / 对读者来说，…) is not split off as a sentence. */
const LEAD_END =
  /(?:说白了|老实说|讲真|也就是说|换句话说|我的(?:判断|体会|看法)是|就我所见|平心而论|照我的理解|可以这么理解|比如|例如|就是|而言|来说|来看|看来|为例|的话|之前|之后|时|中|里|是|说|看|讲|想|觉得|认为|发现|知道|承认|其实|但是|可是|不过|所以|因此|因为|如果|虽然|而且|先|再|第[一二三四五六七八九十\d]+(?:条|步|点)?|头一条|首先|其次|最后|[一二三四五六七八九十]是)$/u;
/** A subordinate clause (如果…，/ 虽然…，) is not split from its main clause. */
const SUBORDINATE_START = /^(?:\p{Extended_Pictographic}\uFE0F?\s*)*(?:如果|要是|假如|虽然|尽管|即使|因为|既然|只要|只有|哪怕|不管|无论|当|等到|随着|一旦)/u;
/** A clause that continues the one before it (…，却… / …，就…) stays joined to it. */
const CONTINUING_START = /^(?:却|而|就|才|也|还|又|并|且|便|但|否则|甚至|更|都|再|那么|这样|所以|因此|以及|或者|等|像|是|会|能|在|让|被|轻轻|慢慢|只好|只能|才能|反而)/u;

/** A paragraph opening as an item of a sequence (第二条，… / 再说…) takes no question before it. */
const ENUMERATED_OPENING = /^(?:第[一二三四五六七八九十\d]|头一|首先|其次|再|还有|接着|另外|然后|最后|下面|先|[一二三四五六七八九十]是|\*\*)/u;

interface Paragraph {
  /** Index of the block in the article's blocks. */
  at: number;
  sentences: string[];
}

/** A Xiaohongshu heading: a bold line, with an emoji before it or not (🎯 **第一步：…**). */
const BOLD_HEADING = /^(?:\p{Extended_Pictographic}\uFE0F?\s*)*\*\*[^*]+\*\*\s*$/u;
const isProse = (block: string) => {
  const line = block.trim();
  return (
    line.length > 0 &&
    !/^(#|!\[|\||[-*+>]\s|\d+[.、]\s|```|\*\*)/u.test(line) &&
    !BOLD_HEADING.test(line) &&
    !line.includes('\n|') &&
    countCjkLength(line) >= 2
  );
};
const editable = (sentence: string) => !PROTECTED_SENTENCE.test(sentence);
const cjk = countCjkLength;

function paragraphsOf(blocks: string[]): Paragraph[] {
  return blocks.flatMap((block, at) => (isProse(block) && !block.includes('\n') ? [{ at, sentences: sentencesIn(block.trim()) }] : []));
}

/** Where a sentence splits at ，/；into two halves of at least `min` characters each, nearest the middle. */
function splitPoint(sentence: string, min: number): number {
  const total = cjk(sentence);
  let best = -1;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const match of sentence.matchAll(/[，；]/gu)) {
    const i = match.index!;
    const left = cjk(sentence.slice(0, i));
    const gap = Math.abs(left - total / 2);
    const before = sentence.slice(0, i);
    const after = sentence.slice(i + 1);
    if (SUBORDINATE_START.test(before.split(/[，；]/u).pop() ?? '') || /之所以|[到得着把给对向]$/u.test(before)) continue;
    if (LEAD_END.test(before) || CONTINUING_START.test(after) || before.includes('：') || (before.includes('越') && after.includes('越'))) continue;
    if (left >= min && total - left >= min && gap < bestGap && !/[“「『]/u.test(before.replace(/“[^”]*”|「[^」]*」|『[^』]*』/gu, ''))) {
      best = i;
      bestGap = gap;
    }
  }
  return best;
}

/** Moves the mean sentence length toward `target`: split the longest sentences, or join short neighbours. */
function fitSentenceLength(paragraphs: Paragraph[], target: number): void {
  const all = () => paragraphs.flatMap((p) => p.sentences.map(cjk).filter((n) => n >= 2));
  const meanOf = () => {
    const lengths = all();
    return lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  };
  if (meanOf() > target * 1.1) {
    for (let guard = 0; guard < 400 && meanOf() > target * 1.05; guard += 1) {
      let pick: { p: Paragraph; i: number; at: number } | undefined;
      let longest = 0;
      for (const p of paragraphs) {
        p.sentences.forEach((sentence, i) => {
          if (!editable(sentence) || cjk(sentence) <= longest) return;
          const at = splitPoint(sentence, Math.max(4, Math.round(target * 0.4)));
          if (at >= 0) {
            pick = { p, i, at };
            longest = cjk(sentence);
          }
        });
      }
      if (!pick) break;
      const { p, i, at } = pick as { p: Paragraph; i: number; at: number };
      const sentence = p.sentences[i]!;
      p.sentences.splice(i, 1, `${sentence.slice(0, at)}。`, sentence.slice(at + 1));
    }
  } else if (meanOf() < target * 0.9) {
    for (let guard = 0; guard < 400 && meanOf() < target * 0.95; guard += 1) {
      let pick: { p: Paragraph; i: number } | undefined;
      let shortest = Number.POSITIVE_INFINITY;
      for (const p of paragraphs) {
        for (let i = 0; i + 1 < p.sentences.length; i += 1) {
          const a = p.sentences[i]!;
          const b = p.sentences[i + 1]!;
          const joined = cjk(a) + cjk(b);
          if (!a.endsWith('。') || !editable(a) || !editable(b) || /^\p{Extended_Pictographic}/u.test(b)) continue;
          if (joined > target * 1.4 || joined >= shortest) continue;
          pick = { p, i };
          shortest = joined;
        }
      }
      if (!pick) break;
      const { p, i } = pick as { p: Paragraph; i: number };
      p.sentences.splice(i, 2, `${p.sentences[i]!.slice(0, -1)}，${p.sentences[i + 1]!}`);
    }
  }
}

const PERSON = { first: '我', second: '你', we: '我们' } as const;
type Person = keyof typeof PERSON;

function preferredPerson(style: MeasuredStyle): Person | undefined {
  const rates: [Person, number][] = [
    ['first', style.firstPersonPerK],
    ['second', style.secondPersonPerK],
    ['we', style.wePerK],
  ];
  rates.sort((a, b) => b[1] - a[1]);
  return rates[0]![1] >= 3 && rates[0]![1] >= rates[1]![1] * 1.5 ? rates[0]![0] : undefined;
}

/**
 * A sentence opening with a subject pronoun (after an optional short lead and ，) followed by a
 * modal verb: advice (你可以… / 我们不妨… / 我会先…) reads the same whoever is its subject, so only
 * there is the person swapped; a statement (我当初也踩过坑) keeps its speaker.
 */
const SUBJECT =
  /^((?:\p{Extended_Pictographic}\uFE0F?\s*)?(?:[^，。！？“「]{1,6}，)?)(我们|咱们|我|你|您)(?=(?:可以|需要|要|得|应该|不妨|能|就能|先|再|不必|别|不用|最好)[^\s，。！？])/u;

function swapPerson(paragraphs: Paragraph[], style: MeasuredStyle, characters: number): void {
  const want = preferredPerson(style);
  if (!want) return;
  const rate = want === 'first' ? style.firstPersonPerK : want === 'second' ? style.secondPersonPerK : style.wePerK;
  let budget = Math.ceil((rate * characters) / 1000);
  for (const p of paragraphs) {
    p.sentences = p.sentences.map((sentence) => {
      if (budget <= 0 || !editable(sentence)) return sentence;
      const match = SUBJECT.exec(sentence);
      if (!match) return sentence;
      const current: Person = match[2] === '我们' || match[2] === '咱们' ? 'we' : match[2] === '我' ? 'first' : 'second';
      if (current === want) return sentence;
      budget -= 1;
      return `${match[1]}${PERSON[want]}${sentence.slice(match[1]!.length + match[2]!.length)}`;
    });
  }
}

function fitQuestions(paragraphs: Paragraph[], style: MeasuredStyle, current: MeasuredStyle, characters: number): void {
  let needed = Math.round(((style.questionsPerK - current.questionsPerK) * characters) / 1000);
  if (needed <= 0) return;
  // Paragraph openings after the first, every other one, so the questions do not become a tic.
  paragraphs.slice(1).forEach((p, i) => {
    if (needed <= 0 || i % 2 === 1 || p.sentences.length < 2 || /[？?]/u.test(p.sentences[0]!)) return;
    if (ENUMERATED_OPENING.test(p.sentences[0]!.replace(/^(?:\p{Extended_Pictographic}\uFE0F?\s*)+/u, ''))) return;
    const lead = /^(\p{Extended_Pictographic}\uFE0F?\s*)/u.exec(p.sentences[0]!)?.[1] ?? '';
    const question = OPENING_QUESTIONS[i % OPENING_QUESTIONS.length]!;
    if (paragraphs.some((other) => other.sentences.some((s) => s.includes(question)))) return;
    p.sentences[0] = p.sentences[0]!.slice(lead.length);
    p.sentences.unshift(`${lead}${question}`);
    needed -= 1;
  });
}

function fitExclamations(paragraphs: Paragraph[], style: MeasuredStyle, current: MeasuredStyle, characters: number): void {
  const gap = Math.round(((style.exclamationsPerK - current.exclamationsPerK) * characters) / 1000);
  if (gap > 0) {
    let needed = gap;
    // Short statements first: an exclamation on a long reasoning sentence reads as shouting.
    const candidates = paragraphs
      .flatMap((p) => p.sentences.map((sentence, i) => ({ p, i, sentence })))
      .filter(({ sentence }) => sentence.endsWith('。') && editable(sentence) && !/[吗呢吧]。$/u.test(sentence) && cjk(sentence) >= 8 && cjk(sentence) <= 40)
      .filter(({ sentence }) => !LEAD_END.test(sentence.slice(0, -1)) && !/^(?:\p{Extended_Pictographic}\uFE0F?\s*)*(?:第[一二三四五六七八九十\d]|头一|首先|其次)/u.test(sentence))
      .sort((a, b) => cjk(a.sentence) - cjk(b.sentence));
    for (const { p, i } of candidates) {
      if (needed <= 0) break;
      p.sentences[i] = `${p.sentences[i]!.slice(0, -1)}！`;
      needed -= 1;
    }
  } else if (gap < 0) {
    let extra = -gap;
    for (const p of paragraphs) {
      p.sentences = p.sentences.map((sentence) => {
        if (extra <= 0 || !editable(sentence) || !/[！!]$/u.test(sentence)) return sentence;
        extra -= 1;
        return sentence.replace(/[！!]+$/u, '。');
      });
    }
  }
}

function fitEmoji(paragraphs: Paragraph[], style: MeasuredStyle, current: MeasuredStyle, characters: number): void {
  const gap = Math.round(((style.emojiPerK - current.emojiPerK) * characters) / 1000);
  if (gap > 0) {
    let needed = gap;
    // One at the end of a paragraph's first sentence, then at the end of its last, paragraph by paragraph.
    for (const slot of ['first', 'last'] as const) {
      for (const [n, p] of paragraphs.entries()) {
        if (needed <= 0) return;
        const i = slot === 'first' ? 0 : p.sentences.length - 1;
        const sentence = p.sentences[i]!;
        if ((slot === 'last' && i === 0) || !editable(sentence) || new RegExp(EMOJI.source, 'u').test(sentence)) continue;
        p.sentences[i] = `${sentence}${LEAD_EMOJI[(n + (slot === 'last' ? 3 : 0)) % LEAD_EMOJI.length]}`;
        needed -= 1;
      }
    }
  } else if (gap < 0 && style.emojiPerK < current.emojiPerK / 2) {
    for (const p of paragraphs) p.sentences = p.sentences.map((sentence) => (editable(sentence) ? sentence.replace(EMOJI, '').replace(/^\s+/, '') : sentence));
  }
}

/** Paragraph length: long paragraphs split at a sentence end, short neighbours (no heading between) joined. */
function fitParagraphs(blocks: string[], target: number): string[] {
  const prose = blocks.filter(isProse).map(cjk);
  const meanOf = (lengths: number[]) => lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  const current = meanOf(prose);
  if (current > target * 1.15) {
    return blocks.flatMap((block) => {
      if (!isProse(block) || cjk(block) <= target * 1.5) return [block];
      const parts: string[] = [];
      let part = '';
      const open = (text: string) => (text.match(/[“「『]/gu) ?? []).length - (text.match(/[”」』]/gu) ?? []).length;
      for (const sentence of sentencesIn(block)) {
        if (part && cjk(part) >= target && open(part) === 0) {
          parts.push(part);
          part = '';
        }
        part += sentence;
      }
      if (part) {
        if (parts.length > 0 && cjk(part) < target * 0.4) parts[parts.length - 1] += part;
        else parts.push(part);
      }
      return parts;
    });
  }
  if (current < target * 0.88) {
    const out: string[] = [];
    for (const block of blocks) {
      const previous = out[out.length - 1];
      if (previous !== undefined && isProse(previous) && isProse(block) && cjk(previous) + cjk(block) <= target * 1.3) {
        out[out.length - 1] = `${previous}${block}`;
      } else out.push(block);
    }
    return out;
  }
  return blocks;
}

/** The draft moved toward the reference's profile; the title line and every non-prose block unchanged. */
export function transformTowardStyle(markdown: string, reference: MeasuredStyle): string {
  const current = measureStyle(markdown);
  if (current.characters === 0) return markdown;
  let blocks = markdown.trim().split(/\n\s*\n/);
  const paragraphs = paragraphsOf(blocks);
  // Punctuation first, on the writer's own sentences; then the clauses are split or joined.
  swapPerson(paragraphs, reference, current.characters);
  fitQuestions(paragraphs, reference, current, current.characters);
  fitExclamations(paragraphs, reference, current, current.characters);
  fitEmoji(paragraphs, reference, current, current.characters);
  fitSentenceLength(paragraphs, Math.max(6, reference.sentenceLength));
  for (const p of paragraphs) blocks[p.at] = p.sentences.join('');
  blocks = fitParagraphs(blocks, Math.max(20, reference.paragraphLength));
  return `${blocks.join('\n\n')}\n`;
}
