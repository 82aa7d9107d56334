import { countCjkLength, labelOf, WRITING_STYLES } from '@tianma/shared';
import type { ArticleBrief, StyleProfile } from '../agents/types.js';
import { withMeasures } from '../style/style-metrics.js';

/**
 * A style profile measured from a reference text: sentence length, questions and exclamations,
 * frequent 2–4 character terms, headings and lists, emoji. No model: plain counting.
 */

const EMOJI = /\p{Extended_Pictographic}/u;
/** Characters that rarely start or end a content word. */
const EDGE_STOP = new Set([...'的了是在我你他她它这那就也都而及与和或把被让从给向着过吧呢吗啊呀么不个们有很更最又还些']);

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[。！？!?])|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => countCjkLength(sentence) >= 2);
}

/** The most frequent 2–4 character Han n-grams, longer ones preferred, substrings of kept ones dropped. */
export function frequentTerms(text: string, limit = 8): string[] {
  const counts = new Map<string, number>();
  for (const run of text.match(/\p{Script=Han}+/gu) ?? []) {
    const chars = [...run];
    for (let size = 2; size <= 4; size += 1) {
      for (let i = 0; i + size <= chars.length; i += 1) {
        const gram = chars.slice(i, i + size);
        if (EDGE_STOP.has(gram[0]!) || EDGE_STOP.has(gram[size - 1]!)) continue;
        const key = gram.join('');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
  }
  const ranked = [...counts.entries()]
    .filter(([, count]) => count >= 2)
    .sort((a, b) => b[1] * (1 + b[0].length / 4) - a[1] * (1 + a[0].length / 4) || b[0].length - a[0].length || (a[0] < b[0] ? -1 : 1));
  const kept: string[] = [];
  for (const [term, count] of ranked) {
    if (kept.length >= limit) break;
    const covered = kept.some((other) => other.includes(term) && (counts.get(other) ?? 0) >= count * 0.6);
    const covering = kept.findIndex((other) => term.includes(other) && (counts.get(other) ?? 0) <= count * 1.2);
    if (covered) continue;
    if (covering >= 0) kept.splice(covering, 1, term);
    else kept.push(term);
  }
  return [...new Set(kept)];
}

export function extractStyleOffline(brief: ArticleBrief, referenceText: string): StyleProfile {
  return withMeasures(describeStyle(brief, referenceText), referenceText);
}

/** The profile in words (for the outline and prompts); the numbers come from style-metrics.ts. */
function describeStyle(brief: ArticleBrief, referenceText: string): StyleProfile {
  const text = referenceText.trim();
  const sentences = sentencesOf(text);
  const styleLabel = labelOf(WRITING_STYLES, brief.style) ?? '逻辑严谨';
  if (sentences.length === 0) {
    return { tone: styleLabel, sentenceLength: '长短结合', structure: '段落连贯叙述', hooks: '以陈述直接切入', vocabulary: [] };
  }
  const average = sentences.reduce((sum, sentence) => sum + countCjkLength(sentence), 0) / sentences.length;
  const sentenceLength = average < 15 ? '短句为主' : average <= 30 ? '长短结合' : '长句为主';

  const questions = sentences.filter((sentence) => /[？?]$/u.test(sentence)).length / sentences.length;
  const exclamations = sentences.filter((sentence) => /[！!]$/u.test(sentence)).length / sentences.length;
  const hookParts: string[] = [];
  if (questions >= 0.1) hookParts.push('常用设问引出话题');
  if (exclamations >= 0.1) hookParts.push('用感叹句渲染情绪');
  const hooks = hookParts.length > 0 ? hookParts.join('，') : '以陈述直接切入';

  const lines = text.split('\n').map((line) => line.trim());
  const headings = lines.filter((line) => /^#{1,6}\s/.test(line)).length;
  const listItems = lines.filter((line) => /^([-*+•]|\d+[.、])\s*/u.test(line) && line.length > 1).length;
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim()).length;
  const structureParts = [
    headings > 0 ? '小标题分段' : '',
    listItems >= 2 ? '列表罗列要点' : '',
    paragraphs > 0 && countCjkLength(text) / paragraphs < 80 ? '短段落' : '',
  ].filter(Boolean);
  const structure = structureParts.length > 0 ? structureParts.join('，') : '段落连贯叙述';

  const emoji = EMOJI.test(text);
  const firstPerson = (text.match(/我/gu) ?? []).length / Math.max(1, sentences.length) > 0.3;
  const toneParts = [
    emoji ? '轻松活泼，常用表情' : exclamations >= 0.15 ? '热情直接' : questions >= 0.15 ? '对话感强' : '平实克制',
    firstPerson ? '第一人称分享' : '',
  ].filter(Boolean);

  return { tone: toneParts.join('，'), sentenceLength, structure, hooks, vocabulary: frequentTerms(text) };
}
