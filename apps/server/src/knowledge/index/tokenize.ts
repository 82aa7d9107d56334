import { Jieba } from '@node-rs/jieba';
import { lazyRequire } from '../../platform/lazy-require.js';
import { platformDictionary } from './platform-words.js';
import { STOP_WORDS } from './stop-words.js';

/** jieba's dictionary files (dict.txt, idf.txt): ~11 MB read from disk when first needed, not at start. */
const dictionaries = lazyRequire<typeof import('@node-rs/jieba/dict.js')>('@node-rs/jieba/dict.js');

/**
 * Chinese word segmentation for search and keywords. One jieba instance per process: loading
 * the default dictionary takes a few hundred milliseconds and ~50 MB. HMM stays on so new words
 * the dictionary lacks still come out whole. Stop words are filtered here: jieba's own
 * stop-word config throws when non-empty (see STACK.md).
 */
let jieba: Jieba | undefined;

export function getJieba(): Jieba {
  if (!jieba) {
    // NOTE: `new Jieba()` starts with an empty dictionary; withDict loads the default one.
    jieba = Jieba.withDict(dictionaries().dict);
    jieba.loadDict(platformDictionary());
  }
  return jieba;
}

export type TokenizeMode =
  /** Words plus their dictionary sub-words (新能源汽车 → 新能源, 汽车, 新能源汽车): recall for BM25. */
  | 'search'
  /** Words only: for keyword extraction. */
  | 'precise'
  /**
   * 'search' without jieba's guesses of new words (HMM), which depend on the surrounding text: a
   * short caption and a long paragraph then cut a word they share the same way (猫砂盆 is not
   * 砂盆要 in one and 砂盆 in the other). For matching short texts against each other.
   */
  | 'stable';

/** Only punctuation, symbols or spaces: nothing to search by. */
const NOT_A_WORD = /^[\p{P}\p{S}\p{Z}\p{C}]*$/u;

/** Tokens of a text, lower-cased, without stop words and punctuation. */
export function tokenize(text: string, mode: TokenizeMode = 'search'): string[] {
  const segmenter = getJieba();
  const words = mode === 'precise' ? segmenter.cut(text, true) : segmenter.cutForSearch(text, mode === 'search');
  const tokens: string[] = [];
  for (const word of words) {
    const token = word.trim().toLowerCase();
    if (token !== '' && !NOT_A_WORD.test(token) && !STOP_WORDS.has(token)) tokens.push(token);
  }
  return tokens;
}
