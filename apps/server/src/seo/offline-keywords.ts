import { RECOMMENDED_KEYWORDS } from '@tianma/shared';
import { topKeywords } from '../knowledge/index/tfidf.js';
import { INSTRUCTION_WORDS, parseTopic } from '../topic/index.js';
import { ACTION_VERBS, tagTopic, termLength } from '../topic/segment.js';
import type { TopicIntent, TopicToken } from '../topic/types.js';
import { audienceWords, GENERIC_TERMS, INDUSTRY_TERMS, industryOf, PLATFORM_TERMS, platformOf } from './platform-terms.js';

/**
 * Keyword suggestions without a model (decision 036, 2026-11-26): whole words and noun phrases of
 * the request's subject (read by parseTopic, the instruction parts left out), the comparison's
 * options, then the material's TF-IDF words when there is material, the audience and industry
 * words, and at most two platform-search variants of the subject. Deterministic.
 */

export interface KeywordContext {
  topic: string;
  platform?: string | null;
  industry?: string | null;
  audience?: string | null;
  /**
   * Text the request carries besides the topic (knowledge-base passages, pasted material): its
   * TF-IDF words over jieba rank after the topic's own. Not part of the HTTP request today.
   */
  material?: string | null;
}

/** Recommended keywords are short: a search phrase, not a clause (issue 16, point 6). */
export const KEYWORD_CHARS = { min: 2, max: 8 } as const;

/**
 * A keyword's length as a reader sees it: Chinese characters one each, a Latin word or a number
 * two (MacBook Air M5 is 6, iPhone 17 is 4, 华为Mate 80 is 6): a model name is one search word,
 * not fourteen characters.
 */
export function keywordLength(keyword: string): number {
  let length = 0;
  for (const part of keyword.match(/[A-Za-z0-9][A-Za-z0-9+_.-]*|\S/gu) ?? []) {
    const chars = [...part].length;
    // A word longer than ten letters is no model name: it counts by its length.
    length += /^[A-Za-z0-9]/u.test(part) ? (chars === 1 ? 1 : chars <= 10 ? 2 : Math.ceil(chars / 4)) : 1;
  }
  return length;
}

/**
 * Verbs jieba tags as verbs that name an activity and stand as nouns in a search (睡眠质量, 写作技巧);
 * any other verb opens a verb phrase (备考英语四级), not a keyword.
 */
const NOMINAL_VERBS = new Set([
  '睡眠', '写作', '阅读', '健身', '旅行', '旅游', '考试', '投资', '理财', '运动', '减肥', '育儿', '养老', '创业', '装修', '露营', '学习', '编程', '摄影', '烘焙',
  '护肤', '推车', '转型', '出行', '驾驶', '充电', '续航', '办公', '面试', '求职', '招聘', '留学', '维权', '养生', '饮食', '烹饪', '设计', '营销', '管理',
]);

/** Words that name the kind of text rather than what it is about: never a keyword on their own. */
export const FORMAT_WORDS = new Set<string>([
  ...Object.values(PLATFORM_TERMS).flatMap((terms) => [...terms.suffixes, ...terms.standalone]),
  ...GENERIC_TERMS,
  ...['教程', '入门教程', '大全', '清单', '总结', '盘点', '全解析', '解析', '详解', '必看', '分享', '干货', '怎么办', '对比', '比较', '区别', '分析', '测评', '评测', '横评',
    '指南', '攻略', '全攻略', '入门指南', '避坑指南', '手册', '秘籍', '计划', '方案', '介绍', '科普', '心得', '体会', '推荐', '合集', '排行', '排行榜', '选购', '选购指南', '怎么选'],
]);

/** A keyword never ends in these (a function word or a verb fragment): 的, 了, 和, 越… */
const BAD_END_TAGS = /^(?:u.*|p|c|r|d|ad|y|e|o|f|v|vd|a|ag|m|q|w)$/u;
/** …nor starts with these. */
const BAD_START_TAGS = /^(?:u.*|p|c|r|d|ad|y|e|o|f|q|w|vd)$/u;
/** Characters that are never the whole or the edge of a keyword. */
const FUNCTION_CHARS = /^(?:的|地|得|了|着|过|和|与|及|或|吗|呢|吧|啊|越|更|最|很|都|也|还|就|在|是|有|给|为|对|把|被|让|从|向|里|中|上|下)$/u;
/** Words from the instruction side of a request that must never be suggested. */
const INSTRUCTION_TERMS = /字数|字以内|字左右|字以上|^\d+字$|^(?:博主|作者|写手|编辑|开头|结尾|开场白|话题|主题|题目)$|要求|风格|口吻|语气|排比|文章|一篇|帮我|你是|作为|为题/u;

/** A single word offered alone although a chosen phrase contains it must be this specific (jieba IDF): 电池 yes, 技术 and 路线 no. */
const SPECIFIC_IDF = 7.2;
/** Platform-search variants (the subject + 攻略/指南…): a couple, not a list of them. */
const PLATFORM_VARIANTS = 2;

const normal = (text: string) => text.toLowerCase().replace(/\s+/gu, '');

/** The keyword as a reader writes it: Latin runs keep one space, Chinese none. */
function joinTokens(tokens: readonly TopicToken[]): string {
  let out = '';
  for (const { word, tag } of tokens) out += out && tag === 'eng' && /[A-Za-z0-9]$/u.test(out) ? ` ${word}` : word;
  return out.replace(/\s+/gu, ' ').trim();
}

const isCount = (token: TopicToken) => token.tag === 'm' && /^(?:\d+|[一两二三四五六七八九十百千万几]+)\s*(?:个|种|条|款|招|件|本|步|大|点|类|部|首|家|道|句|张|位|名|碗|篇)?$/u.test(token.word);
const isFormat = (token: TopicToken) => FORMAT_WORDS.has(token.word);
/** English words and numbers that name a model (M5, 17, 4o) are nouns, not counts. */
const isNamePart = (token: TopicToken, prev?: TopicToken) => token.tag === 'eng' || (token.tag === 'm' && /^\d/u.test(token.word) && prev?.tag === 'eng');

/** Words that only an instruction uses to point at its own text (以下, 这篇, 根据…). */
const POINTING = /以下|以上|上述|下面|这篇|这段|这份|根据|优化|润色|改写|扩写|缩写|续写/u;

/** A token sequence makes a keyword: edges are content words, the inside breaks nowhere, 2–8 characters. */
export function isWholePhrase(tokens: readonly TopicToken[]): boolean {
  if (tokens.length === 0) return false;
  const text = joinTokens(tokens);
  const length = keywordLength(text);
  if (length < KEYWORD_CHARS.min || length > KEYWORD_CHARS.max) return false;
  const first = tokens[0]!;
  const last = tokens.at(-1)!;
  const lastIndex = tokens.length - 1;
  if (BAD_START_TAGS.test(first.tag) || FUNCTION_CHARS.test(first.word) || ACTION_VERBS.has(first.word) || isCount(first)) return false;
  // 备考英语四级 is a verb phrase; 睡眠质量 is a noun phrase.
  if (/^v/u.test(first.tag) && first.tag !== 'vn' && tokens.length > 1 && !NOMINAL_VERBS.has(first.word)) return false;
  if (/^a/u.test(first.tag) && tokens.length > 1 && /^v/u.test(tokens[1]!.tag) && tokens[1]!.tag !== 'vn') return false;
  // 英语四级, MacBook Air M5: a grade or a model number ends a name; a verb fragment or a particle does not.
  const lastIsName = isNamePart(last, tokens[lastIndex - 1]) || /^[一二三四五六七八九十]级$/u.test(last.word);
  const lastIsNominal = NOMINAL_VERBS.has(last.word) || (last.tag === 'v' && [...last.word].length >= 2 && tokens.length > 1 && !ACTION_VERBS.has(last.word));
  if (!lastIsName && !lastIsNominal && (BAD_END_TAGS.test(last.tag) || FUNCTION_CHARS.test(last.word))) return false;
  // A word alone is a noun (or a named activity), never a bare verb or adjective.
  if (tokens.length === 1 && !/^(?:n.*|vn|eng|j|l|i)$/u.test(first.tag) && !NOMINAL_VERBS.has(first.word) && !(first.tag === 'z' && [...first.word].length >= 3)) return false;
  if (tokens.some((t) => t.tag === 'w' || FUNCTION_CHARS.test(t.word) || /^u/u.test(t.tag))) return false;
  if (tokens.length === 1 && isFormat(first)) return false;
  if (/^[\d\s.]+\p{Script=Han}?$/u.test(text) || POINTING.test(text) || INSTRUCTION_TERMS.test(text) || (INSTRUCTION_WORDS as readonly string[]).includes(text)) return false;
  return true;
}


/**
 * A term the parser found (subject, option, key term), taken as written when it is clean: 2–8
 * long, no punctuation or 的, not starting with an action verb or a count, not ending in a
 * particle, a verb of action or a format word. jieba's tags are not trusted here (数据透视表 is
 * 数据/n 透视/v 表/v), so 文心一言 and 数据透视表 stay whole.
 */
function isCleanTerm(term: string | undefined): term is string {
  if (!term) return false;
  const length = keywordLength(term);
  if (length < KEYWORD_CHARS.min || length > KEYWORD_CHARS.max) return false;
  if (/^[\d\s.]+\p{Script=Han}?$/u.test(term) || /[\p{P}\p{S}]|的/u.test(term.replace(/[+.-]/gu, '')) || POINTING.test(term) || INSTRUCTION_TERMS.test(term)) return false;
  const tokens = tagTopic(term);
  const first = tokens[0];
  const last = tokens.at(-1);
  if (!first || !last || FORMAT_WORDS.has(term) || isFormat(last)) return false;
  if (ACTION_VERBS.has(first.word) || ACTION_VERBS.has(last.word) || isCount(first) || BAD_START_TAGS.test(first.tag)) return false;
  // 高效备考英语四级, 备考英语四级: a verb phrase, whose object is the keyword.
  const verbAt = tokens.findIndex((t) => t.tag === 'v' && !NOMINAL_VERBS.has(t.word));
  if (verbAt >= 0 && verbAt < tokens.length - 1 && tokens.slice(0, verbAt).every((t) => /^(?:a|ad|d|v)$/u.test(t.tag))) return false;
  return !FUNCTION_CHARS.test([...term][0]!) && !FUNCTION_CHARS.test([...term].at(-1)!);
}

/**
 * Runs of content words: broken at particles, pronouns, question words, action verbs (挑选婴儿推车
 * → 婴儿推车), counts that open a list (5个…) and format words (…路线对比 → …路线).
 */
/**
 * Runs jieba may have cut through a word: one holds a lone character that is not a particle
 * (数据/透视/表), or ends at one (文心 | 一 | 言). Such a run is offered whole or not at all: no word
 * or phrase is taken from inside it.
 */
const fragile = new WeakSet<TopicToken[]>();
const isLoneChar = (token: TopicToken) => /^\p{Script=Han}$/u.test(token.word) && !FUNCTION_CHARS.test(token.word) && !ACTION_VERBS.has(token.word);

function contentRuns(text: string): TopicToken[][] {
  const runs: TopicToken[][] = [];
  let run: TopicToken[] = [];
  let cutBefore = false;
  const flush = (cutAfter = false) => {
    const cut = cutBefore || cutAfter || run.some(isLoneChar);
    while (run.length > 0 && (isFormat(run.at(-1)!) || (BAD_END_TAGS.test(run.at(-1)!.tag) && !/^v$/u.test(run.at(-1)!.tag))) && !isNamePart(run.at(-1)!, run.at(-2)) && !/^[一二三四五六七八九十]级$/u.test(run.at(-1)!.word)) run.pop();
    while (run.length > 0 && (BAD_START_TAGS.test(run[0]!.tag) || isCount(run[0]!) || ACTION_VERBS.has(run[0]!.word) || FUNCTION_CHARS.test(run[0]!.word))) run.shift();
    if (run.length > 0) {
      runs.push(run);
      if (cut) fragile.add(run);
    }
    run = [];
    cutBefore = cutAfter;
  };
  // MacBook Air M5 stays one token: a model name is not cut into Air and M5.
  const tokens = tagTopic(text);
  for (const [i, token] of tokens.entries()) {
    const breaks =
      token.tag === 'w' ||
      /^u/u.test(token.tag) ||
      /^(?:p|c|r|y|e|o|d|ad)$/u.test(token.tag) ||
      FUNCTION_CHARS.test(token.word) ||
      ACTION_VERBS.has(token.word) ||
      (token.tag === 'l' && /^(?:越|值|好不|是不|能不|要不|该不|会不|可不|有没|还是)/u.test(token.word)) ||
      (isCount(token) && !isNamePart(token, tokens[i - 1]));
    if (breaks) flush(isLoneChar(token));
    else run.push(token);
  }
  flush();
  return runs;
}

/**
 * The run itself when it is a whole phrase of at most 8; else its head noun phrase, the longest
 * whole phrase at its end of at most 6 (新能源汽车电池技术路线 → 电池技术路线: a compound jieba
 * splits, 新能源/汽车, is not cut through), else of at most 8.
 */
function headPhrase(run: readonly TopicToken[]): TopicToken[] | undefined {
  if (isWholePhrase(run)) return [...run];
  for (const limit of [6, KEYWORD_CHARS.max]) {
    for (let start = 1; start < run.length; start += 1) {
      const tail = run.slice(start);
      if (keywordLength(joinTokens(tail)) <= limit && isWholePhrase(tail)) return tail;
    }
  }
  return undefined;
}

/** Whole phrases inside a run, two words before three (新能源汽车, 汽车电池, 电池技术…). */
function innerPhrases(run: readonly TopicToken[]): TopicToken[][] {
  const found: TopicToken[][] = [];
  for (let size = 2; size <= Math.min(3, run.length); size += 1) {
    for (let start = 0; start + size <= run.length; start += 1) {
      const part = run.slice(start, start + size);
      if (isWholePhrase(part)) found.push(part);
    }
  }
  return found;
}

/** jieba's IDF of a word; a word its table lacks (奶茶店, 选品) counts as specific. */
const idfOf = (word: string) => topKeywords(word, 1).find((entry) => entry.keyword === word.toLowerCase())?.weight ?? SPECIFIC_IDF;

/** True when two keywords differ only by a format word or a space (路线对比 / 路线对比指南). */
function isVariantOf(a: string, b: string): boolean {
  const [x, y] = [normal(a), normal(b)];
  if (x === y) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return long.startsWith(short) && FORMAT_WORDS.has(long.slice(short.length));
}

/** The keyword as the user wrote it in the request (Python 数据分析 keeps its space). */
function asWritten(keyword: string, source: string): string {
  const pattern = [...keyword.replace(/\s+/gu, '')].map((c) => c.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join('\\s*');
  return new RegExp(pattern, 'iu').exec(source)?.[0] ?? keyword;
}

/** Material beyond this is not read for keywords: the opening of a long file says what it is about. */
const MATERIAL_CHARS = 20_000;

/**
 * Terms of the material by TF-IDF over jieba words, neighbouring weighty words joined as they
 * are written (磷酸 + 铁锂 + 电池 → 磷酸铁锂电池: jieba's cut is not offered as a word), each a
 * clean term of 2–8, weightiest first.
 */
function materialTerms(material: string): string[] {
  const text = material.slice(0, MATERIAL_CHARS);
  const ranked = new Map(topKeywords(text, 30).map((entry) => [entry.keyword, entry.weight]));
  if (ranked.size === 0) return [];
  const scored = new Map<string, number>();
  let run: TopicToken[] = [];
  const flush = () => {
    // The longest end of the run that is a clean term (新能源汽车电池技术路线 → 电池技术路线).
    for (let start = 0; start < run.length; start += 1) {
      const term = joinTokens(run.slice(start));
      if (keywordLength(term) <= KEYWORD_CHARS.max && isCleanTerm(term)) {
        const weight = run.slice(start).reduce((sum, token) => sum + (ranked.get(token.word.toLowerCase()) ?? 0), 0);
        scored.set(term, Math.max(scored.get(term) ?? 0, weight));
        break;
      }
    }
    run = [];
  };
  for (const token of tagTopic(text)) {
    if (ranked.has(token.word.toLowerCase()) && !FUNCTION_CHARS.test(token.word) && token.tag !== 'w') run.push(token);
    else flush();
  }
  flush();
  return [...scored].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([term]) => term);
}

class Picks {
  readonly items: string[] = [];
  /** The search variants among the items (电池技术路线指南): never a stem for another variant. */
  readonly variants = new Set<string>();

  constructor(readonly source: string) {}

  /** `variant`: a deliberate search variant of a chosen keyword (电池技术路线指南), counted by the caller. */
  add(raw: string | undefined, variant = false): boolean {
    const keyword = raw ? asWritten(raw, this.source).replace(/\s+/gu, ' ').trim() : undefined;
    if (!keyword || this.full) return false;
    const length = keywordLength(keyword);
    if (length < KEYWORD_CHARS.min || length > KEYWORD_CHARS.max) return false;
    if (this.items.some((item) => (variant ? normal(item) === normal(keyword) : isVariantOf(item, keyword)))) return false;
    this.items.push(keyword);
    if (variant) this.variants.add(keyword);
    return true;
  }

  contains(word: string): boolean {
    return this.items.some((item) => normal(item).includes(normal(word)));
  }

  get count(): number {
    return this.items.length;
  }

  get full(): boolean {
    return this.items.length >= RECOMMENDED_KEYWORDS.max;
  }
}

/**
 * What readers of each form search for besides the subject (…怎么样, …区别, …方法): long-tail
 * searches that fill a thin list up to eight. Never a format word alone.
 */
const LONG_TAIL: Record<TopicIntent, readonly string[]> = {
  reason: ['原因', '现状', '前景'],
  method: ['方法', '技巧', '步骤', '常见问题'],
  verdict: ['怎么样', '优缺点', '体验', '评价'],
  choice: ['怎么样', '优缺点', '参数'],
  list: ['推荐', '技巧', '方法'],
  explanation: ['原理', '应用', '趋势'],
  account: ['回顾', '亮点', '看点'],
  view: ['影响', '利弊', '前景'],
  piece: ['故事', '感悟'],
  overview: ['技巧', '经验', '常见问题', '注意事项', '入门', '推荐'],
};

interface SubjectParts {
  subject: string;
  options: string[];
  terms: string[];
  intent: TopicIntent;
  material?: string;
}

/**
 * The request's subject parts (parseTopic): the subject, a comparison's options, the key terms,
 * the material. The role, word limit, genre, title frame and constraints are never read.
 */
function subjectParts(topic: string): SubjectParts {
  const parsed = parseTopic(topic);
  const noSubject = parsed.subject === '这个话题';
  // 写作: a one-word topic the parser reads as an order to write still names its subject.
  const bare = !/[，,。；;：:]/u.test(parsed.raw) && termLength(parsed.raw) <= KEYWORD_CHARS.max;
  const subject = noSubject ? (bare ? parsed.raw : '') : parsed.subject;
  // 10本适合大学生读的经典小说: the genre the parser took off a list is the list's item.
  const item = parsed.form === 'list' && parsed.genre && parsed.raw.includes(`${subject}${parsed.genre}`) ? `${subject}${parsed.genre}` : subject;
  return {
    subject: item.replace(/[《》“”"「」『』]/gu, ''),
    options: parsed.options ?? [],
    terms: noSubject ? [] : parsed.keyTerms,
    intent: parsed.intent,
    ...(parsed.material ? { material: parsed.material } : {}),
  };
}

/** 县城的奶茶店 → 县城奶茶店, 公司的年会 → 公司年会: a short 「A的B」 subject searched without its 的. */
function subjectRuns(subject: string): TopicToken[][] {
  const runs = contentRuns(subject);
  const parts = subject.split('的');
  if (parts.length === 2 && runs.length === 2 && termLength(parts.join('')) <= 6) {
    const joined = contentRuns(parts.join(''));
    if (joined.length === 1 && isWholePhrase(joined[0]!)) return joined;
  }
  return runs;
}

const textLength = (run: readonly TopicToken[]) => keywordLength(joinTokens(run));

export function offlineKeywords(request: KeywordContext): string[] {
  const topic = request.topic.trim();
  const platform = platformOf(request.platform) ?? 'wechat';
  const industry = industryOf(request.industry);
  const { subject, options, terms, intent, material: pasted } = subjectParts(topic);
  const picks = new Picks(topic);

  // 1. The subject (its head noun phrase when it is longer than 8), then each option.
  const runsOfSubject = subjectRuns(subject);
  const mainRun = runsOfSubject.reduce<TopicToken[] | undefined>((best, run) => (!best || textLength(run) > textLength(best) ? run : best), undefined);
  const optionRuns = options.flatMap((option) => contentRuns(option).slice(0, 1));
  // A comparison is about its options, in the order asked (iPhone 17, 华为Mate 80); a subject of
  // at most 8 that the parser read as one term is taken as it stands (数据透视表).
  const head = options.length > 0 || isCleanTerm(subject) ? undefined : mainRun ? headPhrase(mainRun) : undefined;
  const headText = options.length > 0 ? undefined : isCleanTerm(subject) ? subject : head ? joinTokens(head) : undefined;
  picks.add(headText);
  const optionTexts = options.map((option, i) => (isCleanTerm(option) ? option : joinTokens(headPhrase(optionRuns[i] ?? []) ?? [])));
  for (const option of optionTexts) picks.add(option);

  // 2. What the head leaves out (新能源汽车 before 电池技术路线), the subject's other phrases and the parser's key terms.
  const rest: string[] = [];
  if (mainRun && head && head.length < mainRun.length) {
    const lead = headPhrase(mainRun.slice(0, mainRun.length - head.length));
    if (lead) rest.push(joinTokens(lead));
  }
  for (const run of runsOfSubject) if (run !== mainRun) rest.push(joinTokens(headPhrase(run) ?? []));
  for (const term of terms) {
    if (isCleanTerm(term)) rest.push(term);
    else for (const run of contentRuns(term)) if (!fragile.has(run)) rest.push(joinTokens(headPhrase(run) ?? []));
  }
  // A key term inside a chosen phrase (劳动 in 劳动合同纠纷) waits for the single-word rule below.
  for (const keyword of rest) if (keyword && !(picks.contains(keyword) && tagTopic(keyword).length === 1)) picks.add(keyword);

  // 3. Two- and three-word phrases inside the subject (汽车电池, 技术路线) while the list is short,
  // then single words: a word inside a chosen phrase only when it is specific (电池, not 技术).
  const runs = [...(mainRun ? [mainRun] : []), ...optionRuns, ...runsOfSubject.filter((run) => run !== mainRun)].filter((run) => !fragile.has(run));
  const inner = runs.flatMap(innerPhrases).map(joinTokens);
  // A phrase inside or around a chosen one (电池技术 in 电池技术路线) is the same search: left out.
  const overlaps = (phrase: string) => picks.items.some((item) => normal(item).includes(normal(phrase)) || normal(phrase).includes(normal(item)));
  let innerTaken = 0;
  for (const phrase of inner) if (innerTaken < 2 && !overlaps(phrase) && picks.add(phrase)) innerTaken += 1;
  const singles = runs
    .flat()
    .filter((token) => isWholePhrase([token]))
    .map((token) => ({ word: token.word, idf: token.tag === 'eng' ? SPECIFIC_IDF : idfOf(token.word) }))
    .sort((a, b) => b.idf - a.idf || a.word.localeCompare(b.word));
  for (const { word, idf } of singles) if (!picks.contains(word) || idf >= SPECIFIC_IDF) picks.add(word);

  // 4. The material's own words and phrases (TF-IDF over jieba), when the request carries material.
  const material = [request.material, pasted].filter(Boolean).join('\n');
  let taken = 0;
  for (const term of materialTerms(material)) if (taken < 3 && !overlaps(term) && picks.add(term)) taken += 1;

  // The stem of search variants: the subject, else the request's first word; never the audience.
  const core = headText ?? picks.items[0];
  const fromRequest = picks.count;

  // 5. The audience and the industry, as their readers search for them.
  const audience = audienceWords(request.audience);
  if (audience && !/^(?:潜在客户|特定领域爱好者|消费体验派)$/u.test(audience) && isWholePhrase(tagTopic(audience))) picks.add(audience);
  if (industry.kind === 'custom') picks.add(industry.text);
  if (industry.kind === 'known') for (const term of INDUSTRY_TERMS[industry.key].standalone.slice(0, 2)) picks.add(term);

  // 6. At most two platform-search variants of the subject.
  let variants = 0;
  for (const suffix of PLATFORM_TERMS[platform].suffixes) {
    if (variants >= PLATFORM_VARIANTS || !core) break;
    if (!core.endsWith(suffix) && picks.add(`${core}${suffix}`, true)) variants += 1;
  }

  // 7. Still short of eight: what readers of this form search for about the subject (…怎么样,
  // …优缺点, …方法): two per stem, the subject and the options first, then the other keywords;
  // the subject takes the rest of its form's searches before any platform word stands alone.
  const main = [...new Set([core, ...optionTexts].filter((stem): stem is string => Boolean(stem)))];
  const others = picks.items.slice(0, fromRequest).filter((item) => !picks.variants.has(item) && !main.includes(item) && !/[A-Za-z0-9]$/u.test(item));
  const platformSuffixes = new Set<string>(PLATFORM_TERMS[platform].suffixes);
  const addTails = (stems: readonly string[], perStem: number) => {
    for (const stem of stems) {
      let tails = 0;
      for (const tail of LONG_TAIL[intent]) {
        if (picks.count >= RECOMMENDED_KEYWORDS.min || tails >= perStem) return;
        // The platform's own search words are the variants above, two at most.
        if (platformSuffixes.has(tail)) continue;
        if (!stem.endsWith(tail) && picks.add(`${stem}${tail}`, true)) tails += 1;
      }
    }
  };
  addTails(main, 2);
  addTails(main, LONG_TAIL[intent].length);
  // The subject's own words left out above (城市 and 夜晚 of 城市夜晚), broad searches of their own.
  for (const { word } of singles) if (picks.count < RECOMMENDED_KEYWORDS.min) picks.add(word);
  // Nothing in the request names a subject (请根据以下要求优化…): the platform's and any topic's words.
  if (main.length === 0) for (const term of [...PLATFORM_TERMS[platform].standalone, ...GENERIC_TERMS]) {
    if (picks.count >= RECOMMENDED_KEYWORDS.min) break;
    picks.add(term);
  }
  // A piece of writing (散文, 开头…) is searched as 随笔, 印象; anything else as 技巧, 经验….
  const last = intent === 'piece' ? ['随笔', '印象', '描写'] : LONG_TAIL.overview;
  for (const stem of [...main, ...others]) {
    for (const tail of last) if (picks.count < RECOMMENDED_KEYWORDS.min && !stem.endsWith(tail) && !platformSuffixes.has(tail)) picks.add(`${stem}${tail}`, true);
  }
  return picks.items;
}
