import { tagTopic } from './segment.js';
import type { TopicConstraint } from './types.js';

/**
 * The words a request forbids (不要出现首先其次最后, 别用“赋能”“抓手”): what the writers strike at
 * assembly (generation/style/avoid-words.ts) and what the model's prompt lists. A constraint that
 * asks for a way of writing (不要推荐具体产品) names no words: only a model can follow it.
 */

/** Longer than this, a piece of a constraint is a phrase to cut into words. */
const WHOLE_WORD = 4;

/** 不要出现X, 别用X, 避免提到X: the constraint names words, not a way of writing (不要推荐具体产品). */
const NAMES_WORDS = /(?:不要|不能|不准|不许|不得|别|禁止|避免|切忌|杜绝|删掉|删除|去掉|去除)(?:出现|使用|用到|用|提到|提及|带|有)|[“"「『‘]/u;
const JOINERS = /以及|或者|和|与|及|或/u;

/** 「首先、其次」 or 「网络用语和表情包」: the listed items; 和平 stays whole (its halves are not both words). */
function listedItems(value: string): string[] {
  return value.split(/[、，,;；\s“”"「」『』‘’'/]+/u).flatMap((piece) => {
    const parts = piece.split(JOINERS);
    return parts.length > 1 && parts.every((part) => part.length >= 2) ? parts : [piece];
  });
}

/** The words of the request's 不要出现… constraints. */
export function avoidedWords(constraints: readonly TopicConstraint[]): string[] {
  const words = new Set<string>();
  for (const constraint of constraints) {
    if (constraint.kind !== 'avoid') continue;
    const named = NAMES_WORDS.test(constraint.text);
    for (const piece of listedItems(constraint.value)) {
      const trimmed = piece.replace(/^(?:这样的|这类|这种|类似|诸如|像)/u, '').replace(/(?:这样的|之类的?|等)?(?:词语?|字眼|字样|表述|说法|句式)?$/u, '');
      if (trimmed.length < 2) continue;
      // 不要说教 names a word; 不要推荐具体产品 asks for a way of writing, which only a model can follow.
      if (trimmed.length <= WHOLE_WORD) words.add(trimmed);
      // NOTE: single characters (太、多) would strike out half the article; only words stay.
      else if (named) for (const { word, tag } of tagTopic(trimmed)) if (word.length >= 2 && tag !== 'w') words.add(word);
    }
  }
  return [...words];
}
