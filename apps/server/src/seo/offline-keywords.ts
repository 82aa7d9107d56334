import { RECOMMENDED_KEYWORDS } from '@tianma/shared';
import { topKeywords } from '../knowledge/index/tfidf.js';
import { STOP_WORDS } from '../knowledge/index/stop-words.js';
import { getJieba } from '../knowledge/index/tokenize.js';
import { isKeywordLength, KeywordList } from './keyword-list.js';
import { GENERIC_TERMS, INDUSTRY_TERMS, industryOf, PLATFORM_TERMS, platformOf } from './platform-terms.js';

/**
 * Keyword suggestions without a model: the topic's own phrases and words (jieba TF-IDF), then
 * the core phrase joined to the platform's search words, then the industry's words, topped up
 * with generic ones. Deterministic: the same request always gives the same list.
 */

export interface KeywordContext {
  topic: string;
  platform?: string | null;
  industry?: string | null;
  audience?: string | null;
}

/** Words that say what kind of text is wanted rather than what it is about (指南, 攻略…). */
const FORMAT_WORDS = new Set<string>([
  ...Object.values(PLATFORM_TERMS).flatMap((terms) => [...terms.suffixes, ...terms.standalone]),
  ...GENERIC_TERMS,
  ...['教程', '入门教程', '大全', '清单', '总结', '盘点', '全解析', '详解', '必看', '分享', '干货', '怎么办'],
]);

/**
 * Part-of-speech tags (jieba's) of words that make poor keywords on their own: verbs, adjectives,
 * adverbs, numerals, locatives (以内), pronouns, prepositions, conjunctions, particles. Jieba's
 * tagging is rough, so it only decides which single words are offered.
 */
const WEAK_TAGS = /^(v|vd|a|ad|d|m|f|r|p|c|u|q|t)$/;
const VERB_TAGS = /^(v|vd)$/;

/** At most this many suggestions come from the topic, so platform and industry words keep their place. */
const TOPIC_SHARE = 6;
const MAX_PHRASES = 3;
const PLATFORM_JOINS = 2;

interface Placed {
  token: string;
  start: number;
  end: number;
  /** Not a noun-like word: offered alone only when the topic has no noun-like word. */
  weak: boolean;
  /** A verb: the first word of a phrase it makes a poor keyword (挑选婴儿). */
  verb: boolean;
  /** Cut off from a single character that belongs with it (提示 + 词): no keyword ends here. */
  clipped: boolean;
}

const WORD_CHAR = /[\p{Script=Han}\p{L}\p{N}]/u;

/**
 * The topic's content words (not format words) where they stand in the text, in order, from
 * jieba's tagged segmentation (the same cut that tokenize makes).
 */
function placeTokens(topic: string, weighted: ReadonlySet<string>): Placed[] {
  const words = getJieba().tag(topic, true);
  const placed: Placed[] = [];
  let cursor = 0;
  for (const [i, entry] of words.entries()) {
    const start = topic.indexOf(entry.word, cursor);
    if (start < 0) continue;
    cursor = start + entry.word.length;
    const token = entry.word.trim().toLowerCase();
    if (!weighted.has(token) || FORMAT_WORDS.has(token)) continue;
    const next = words[i + 1]?.word ?? '';
    const clipped = [...next].length === 1 && WORD_CHAR.test(next) && !STOP_WORDS.has(next);
    placed.push({ token, start, end: cursor, weak: WEAK_TAGS.test(entry.tag), verb: VERB_TAGS.test(entry.tag), clipped });
  }
  return placed;
}

/**
 * Two neighbouring content words as they are written in the topic (数字化 + 转型 → 数字化转型;
 * Python 数据分析 keeps its space), main clause first. Chinese puts the head noun last, so the
 * last pair of the first clause that has one is the core phrase.
 */
function topicPhrases(topic: string, placed: Placed[]): { core: string | undefined; phrases: string[] } {
  const byClause = new Map<number, string[]>();
  for (let i = 0; i + 1 < placed.length; i += 1) {
    const a = placed[i]!;
    const b = placed[i + 1]!;
    const gap = topic.slice(a.end, b.start);
    // A verb before a noun is an action, not a subject (挑选婴儿); two verbs are a term (汇算清缴).
    if (gap.trim() !== '' || b.clipped || (a.verb && !b.verb)) continue;
    const phrase = topic.slice(a.start, b.end);
    if (!isKeywordLength(phrase)) continue;
    const clause = (topic.slice(0, a.start).match(/[，,。；;！!？?、\n]/g) ?? []).length;
    byClause.set(clause, [...(byClause.get(clause) ?? []), phrase]);
  }
  const clauses = [...byClause.keys()].sort((x, y) => x - y);
  const first = clauses[0] === undefined ? [] : byClause.get(clauses[0])!;
  const core = first.at(-1);
  const rest = clauses.flatMap((clause) => byClause.get(clause)!).filter((phrase) => phrase !== core);
  return { core, phrases: core ? [core, ...rest] : rest };
}

export function offlineKeywords(request: KeywordContext): string[] {
  const topic = request.topic.trim();
  const platform = platformOf(request.platform) ?? 'wechat';
  const industry = industryOf(request.industry);
  const ranked = topKeywords(topic, 12).map((entry) => entry.keyword);
  const placed = placeTokens(topic, new Set(ranked));
  const { core: phraseCore, phrases } = topicPhrases(topic, placed);
  // Single words in their written case (Python, not python), most weighty first; weak ones only
  // when the topic has nothing else.
  const found = new Map(placed.map((entry) => [entry.token, entry]));
  const content = ranked.filter((word) => !FORMAT_WORDS.has(word) && !found.get(word)?.clipped);
  const strong = content.filter((word) => !found.get(word)?.weak);
  const words = (strong.length > 0 ? strong : content).map((word) => {
    const entry = found.get(word);
    return entry ? topic.slice(entry.start, entry.end) : word;
  });

  const list = new KeywordList(RECOMMENDED_KEYWORDS.max);
  const fromTopic = new KeywordList(TOPIC_SHARE);
  for (const phrase of phrases.slice(0, MAX_PHRASES)) fromTopic.add(phrase);
  for (const word of words) fromTopic.add(word);
  for (const keyword of fromTopic.items) list.add(keyword);

  // The core phrase (or, when that is too long, the weightiest word) with the platform's search words.
  const platformTerms = PLATFORM_TERMS[platform];
  let joined = 0;
  for (const core of [phraseCore, ...words]) {
    for (const suffix of platformTerms.suffixes) {
      if (joined >= PLATFORM_JOINS || !core) break;
      if (!core.endsWith(suffix) && list.add(`${core}${suffix}`)) joined += 1;
    }
  }
  if (industry.kind === 'custom') list.add(industry.text);
  if (industry.kind === 'known') for (const term of INDUSTRY_TERMS[industry.key].standalone.slice(0, 2)) list.add(term);

  // Top up to the minimum: the platform's own words first, then words that fit any topic.
  for (const term of [...platformTerms.standalone, ...GENERIC_TERMS]) {
    if (list.items.length >= RECOMMENDED_KEYWORDS.min) break;
    list.add(term);
  }
  return list.items;
}
