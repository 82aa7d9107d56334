import { getJieba } from '../knowledge/index/tokenize.js';
import type { TopicToken } from './types.js';

/**
 * jieba with POS tags, made safe for short requests. jieba alone splits 2027年国考 into 2027 /
 * 年国 / 考, 奶茶店越开越多 into 奶茶 / 店越 / 开越 / 多, and MacBook Air M5 into six tokens; so
 * English words with their numbers, numbers with their units and a few fixed patterns are cut
 * out first and only the Chinese runs between them go to jieba.
 */

/** English words joined by spaces, each possibly with digits and -+.: MacBook Air M5, iPhone 17, GPT-4o, Mate 80. */
const LATIN = String.raw`[A-Za-z][A-Za-z0-9+_.\-]*(?:[ \t]+(?:[A-Za-z][A-Za-z0-9+_.\-]*|\d[A-Za-z0-9+_.\-]*))*`;
/** Fixed patterns jieba tears apart. */
const FIXED = '越来越.|越.越.|值不值得|值不值|好不好|是不是|能不能|要不要|该不该|会不会|可不可以|有没有|还是';

/**
 * Words of common requests that jieba's dictionary lacks or splits (年会 → 年 + 会, 行测 → 行 + 测).
 * NOTE: kept here rather than in the shared jieba instance so search tokenisation is unchanged.
 */
const TOPIC_WORDS = [
  '年会', '绘本', '行测', '国考', '省考', '申论', '考公', '考编', '考研', '奶茶店', '异地恋', '躺平', '内卷', '新能源车', '电动车', '小确幸',
  '一人食', '预制菜', '碳中和', '碳达峰', '使用体验', '用户体验', '上手', '从0到1', '露营', '飞盘', '城市漫步', '副业', '主理人', '搭子', '断舍离', '极简主义', '轻断食', '小红书', '公众号', '短视频',
].sort((a, b) => b.length - a.length);

const PIECE = new RegExp(`(${LATIN})|(\\d+(?:\\.\\d+)?(?:[ \\t]*(?:年代|年度|年|月|日|号|岁|个月|个|种|条|款|招|件|本|步|点|类|天|周|小时|分钟|万字|字|元|块|倍|次|位|名|部|首|家|道|句|张|级|代|寸|%))?)|(${FIXED})|(${TOPIC_WORDS.join('|')})`, 'gu');

/** A count with a list unit, or a bare number. */
const COUNT = /^(?:\d+|[一两三四五六七八九十百]+)\s*(?:个|种|条|款|招|件|本|步|大|点|类|部|首|家|道|句|张|位|名)?$/u;

const PUNCTUATION = /^[\p{P}\p{S}\s]+$/u;

/** Tokens with POS tags; English runs are tagged `eng`, numbers `m`, fixed patterns `l`, punctuation `w`. */
export function tagTopic(text: string): TopicToken[] {
  const tokens: TopicToken[] = [];
  const pushChinese = (run: string) => {
    if (!run) return;
    for (const { word, tag } of getJieba().tag(run, true)) {
      if (word.trim() === '') continue;
      tokens.push({ word, tag: PUNCTUATION.test(word) ? 'w' : tag });
    }
  };
  let last = 0;
  for (const match of text.matchAll(PIECE)) {
    pushChinese(text.slice(last, match.index));
    const [word, latin, number, fixed] = match;
    tokens.push({ word, tag: latin ? 'eng' : number ? 'm' : fixed ? 'l' : 'nz' });
    last = match.index + word.length;
  }
  pushChinese(text.slice(last));
  return tokens;
}

/** Words that end a noun phrase wherever they stand. */
const BREAK_WORDS = new Set([
  '的', '地', '得', '和', '与', '及', '或', '跟', '同', '以及', '还是', '或者', '吗', '呢', '吧', '啊', '呀', '了', '着', '过',
  '为什么', '为何', '如何', '怎么', '怎样', '怎么样', '什么', '哪些', '哪个', '是否', '能否', '到底', '究竟', '关于', '对于',
  '我', '你', '他', '她', '我们', '你们', '他们', '咱们', '大家', '自己', '这', '那', '这个', '那个', '这些', '那些',
  '是', '有', '在', '给', '为', '对', '把', '被', '让', '从', '向', '用', '更', '最', '很', '越', '都', '也', '还', '就', '才', '又',
  '会', '能', '要', '该', '应该', '可以', '需要', '值得', '真的', '里', '中', '上', '下', '之', '后', '前', '时', '当',
]);

/** Verbs that take the key terms as objects and are not part of them (挑选绘本 → 绘本). */
export const ACTION_VERBS = new Set([
  '适合', '挑选', '选择', '选购', '选', '买', '购买', '提高', '提升', '改善', '改变', '影响', '看待', '使用', '用好', '学习', '学', '掌握',
  '避免', '做好', '搞定', '应对', '理解', '看懂', '了解', '实现', '拥有', '开始', '坚持', '减少', '增加', '找到', '告别', '摆脱',
  '突破', '推动', '迎接', '解读', '分析', '评价', '聊聊', '谈谈', '说说', '探索', '玩转', '做', '写', '写好', '读', '养成', '培养',
  '打造', '准备', '规划', '取代', '替代', '战胜', '缓解', '解决', '处理', '保持', '开', '去', '来', '带', '送', '吃', '喝', '看', '玩',
  '调整', '写出', '做出', '搭建', '爱上', '搞定', '告别', '学会', '学好', '练好', '搞懂', '弄懂', '管理', '经营', '教', '陪', '帮', '让', '值', '开越', '越开越多',
]);

/** Tags that never start or continue a term: pronouns, conjunctions, prepositions, particles, adverbs, interjections. */
const BREAK_TAGS = /^(?:w|r|c|p|u.*|y|d|ad|e|o|zg?)$/u;

function joinWords(words: TopicToken[]): string {
  let out = '';
  for (const { word, tag } of words) {
    // English words keep a space from Chinese only when the user wrote one; between two Latin
    // runs there always is one.
    out += out && tag === 'eng' && /[A-Za-z0-9]$/u.test(out) ? ` ${word}` : word;
  }
  return out.trim();
}

/** The characters a reader sees, spaces aside: the measure for term and title lengths. */
export function termLength(term: string): number {
  return [...term.replace(/\s+/gu, '')].length;
}

/**
 * The noun phrases of a text: runs of content words broken at particles, pronouns, question
 * words, adverbs and the action verbs that govern them. 2–12 characters each, in order, unique.
 */
export function nounChunks(text: string, extraBreaks: ReadonlySet<string> = new Set()): string[] {
  const chunks: string[] = [];
  let current: TopicToken[] = [];
  const flush = () => {
    // A chunk does not start with a bare count (5个, 十种): that is the list's number, not a term.
    // 三个月内 is a time, not a count.
    while (current.length > 1 && current[0]!.tag === 'm' && COUNT.test(current[0]!.word) && !/^(?:月|小时|星期|礼拜|天|周|年)/u.test(current[1]!.word)) current.shift();
    const term = joinWords(current);
    // Too long for one term (MacBook Air M5续航测试): the English run and the Chinese run apart.
    if (termLength(term) > 12 && current.some((t) => t.tag === 'eng') && current.some((t) => t.tag !== 'eng')) {
      const runs: TopicToken[][] = [];
      for (const token of current) {
        const last = runs.at(-1);
        if (last && (last[0]!.tag === 'eng') === (token.tag === 'eng')) last.push(token);
        else runs.push([token]);
      }
      current = [];
      for (const run of runs) {
        const part = joinWords(run);
        if (termLength(part) >= 2 && termLength(part) <= 12 && !chunks.includes(part)) chunks.push(part);
      }
      return;
    }
    current = [];
    if (term && termLength(term) >= 2 && !/^[一两三]\p{Script=Han}$/u.test(term) && !/^[不没]/u.test(term) && !/[《》“”"「」]/u.test(term) && termLength(term) <= 12 && !chunks.includes(term)) chunks.push(term);
  };
  let afterAction = false;
  for (const token of tagTopic(text)) {
    // 写好周报, 选对绘本: the complement goes with the verb, not with the object.
    if (afterAction && /^(?:好|对|完|出|清楚|明白)$/u.test(token.word)) continue;
    afterAction = ACTION_VERBS.has(token.word);
    const breaks = /^[不没]/u.test(token.word) || BREAK_WORDS.has(token.word) || extraBreaks.has(token.word) || (BREAK_TAGS.test(token.tag) && token.tag !== 'zg') || ACTION_VERBS.has(token.word);
    const fixed = token.tag === 'l' && /^(?:越|值|好不|是不|能不|要不|该不|会不|可不|有没|还是)/u.test(token.word);
    if (breaks || fixed) {
      flush();
      continue;
    }
    // A year stands alone (2027年 | 国考行测备考计划); a count ends the chunk before it.
    if (token.tag === 'm' && /^\d+(?:\.\d+)?\s*年$/u.test(token.word)) {
      flush();
      current.push(token);
      flush();
      continue;
    }
    current.push(token);
  }
  flush();
  return chunks;
}
