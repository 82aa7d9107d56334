import { NUMBER_SOURCE, parseNumber } from './chinese-number.js';
import { ACTION_VERBS, nounChunks, tagTopic, termLength } from './segment.js';
import type { ParsedTopic, TopicForm, TopicIntent } from './types.js';

/** The parts of a request's subject text that depend on its form. */
export type ContentParts = Pick<ParsedTopic, 'form' | 'intent' | 'subject' | 'question' | 'action' | 'actor' | 'options' | 'count'>;

/** A person or group asking (职场新人如何…, 年轻人该不该…), not the thing asked about. */
const PERSON_END = /(?:人|者|们|族|手|生|员|家|妈|爸|妈妈|爸爸|宝妈|师|党|娃|孩子|学生|新人|小白|我|你|他|她)$/u;
/** 夏天, 周末, 春节期间: a request's lead that only says when. */
function isTimeOnly(text: string): boolean {
  const tokens = tagTopic(text).filter((token) => token.tag !== 'w');
  return tokens.length > 0 && tokens.every((token) => token.tag === 't' || /^(?:期间|前后|之前|以后|的时候|时)$/u.test(token.word));
}

/** Things whose names end like people (扫地机器人, 稻草人, 小米手机 is no person either way). */
const THING_END = /(?:机器人|稻草人|雪人|木头人)$/u;
/** A verdict adjective jieba leaves on the noun (空气炸锅好用吗). */
const VERDICT_TAIL = /(?:好用|好吃|好看|好玩|耐用|实用|靠谱|划算|值得买|值得入手|值得)$/u;
const AFFECT_VERB = /^(?:改变|影响|重塑|颠覆|冲击|改写|推动|重构|取代|替代)/u;
const MODAL_START = /^(?:到底|究竟|还)?(?:值不值得|值不值|该不该|要不要|能不能|会不会|是不是|可不可以|应不应该|有没有必要|适不适合|值得(?:买|入手|去|用)?|应该|需要|可以|能|会|要|该|是否|能否)/u;

const COMPARISONS: RegExp[] = [
  /^(.+?)\s*(?:vs\.?|VS\.?|Vs\.?|PK|pk|对比|对决|大比拼)\s*(.+?)$/u,
  /^(.+?)(?:和|与|跟|或|、)(.+?)(?:到底|究竟)?(?:哪个|哪一个|选哪个|谁)(.*)$/u,
  /^(.+?)(?:和|与|跟)(.+?)(?:的|之间的)?(?:区别|差别|差异|对比|比较|怎么选|如何选)(.*)$/u,
  /^(.+?)还是(.+?)$/u,
];

// NOTE: 大 counts only after a Chinese numeral (十大古镇); 618大促 is a date, not a list.
const LIST = new RegExp(
  `^(?:分享|推荐|盘点|总结|整理)?(${NUMBER_SOURCE})\\s*(个|种|条|款|招|件|本|步|(?<=[一二三四五六七八九十])大|点|类|部|首|家|道|句|张|位|项|座|所|样|套|组)(.{2,})$`,
  'u',
);

const OPINIONS: RegExp[] = [
  /^(?:如何|怎么|怎样|该怎么|应该怎么)(?:看待|评价)(.+)$/u,
  /^(.+?)[，,]?(?:你|大家)?怎么看$/u,
  /^(?:谈谈|聊聊|说说|浅谈|漫谈|试论|论|再谈)(?:对)?(.+?)(?:的看法|的思考|的理解)?$/u,
  /^我眼中的(.+)$/u,
  /^(.+?)(?:之我见|的利与弊|的利弊|利与弊|的得与失|的看法|的思考|的反思|随想|杂谈|漫谈)$/u,
];

const EXPLANATIONS: RegExp[] = [/^(?:什么是|何为|何谓)(.+)$/u, /^(.+?)(?:到底|究竟)?(?:是什么|是啥|是怎么回事|指的是什么|是什么意思)$/u];
const REASON = /^(.*?)(?:为什么|为何|凭什么|怎么会)(.+)$/u;
const HOW = /^(.*?)(?:该如何|应该如何|要如何|如何才能|怎样才能|怎么才能|怎么样才能|应该怎么|该怎么|如何|怎样|怎么)(.+)$/u;
/** Midjourney怎么用, 基金怎么选: a thing and a one-character verb. */
const HOW_SHORT = /^(.{2,}?)(?:该|要)?(?:怎么|怎样|如何)(用|选|买|做|学|玩|吃|养|洗|写|修|装|存|办理|设置|下载|安装)$/u;
const WHICH = /^(.*?)有哪些(.*)$/u;
const WHAT_END = /^(.+?)(?:要|需要|应该|该|可以|能)?(?:注意|准备|带|做|知道|了解|买|看|吃|玩|学)?(?:些)?(?:什么|哪些|啥)$|^(.+?)(?:去|在)?(?:哪儿|哪里)(?:玩|吃|逛)?$/u;
/** 租房合同要注意哪些条款, 面试时要问面试官哪些问题: the thing asked about comes before the modal. */
const WHICH_AFTER_VERB = /^(.{2,}?)(?:要|需要|应该|应当|该|得)(.{1,6}?)哪些(.{1,4})$/u;
const TIME_END = /(?:的时候|时候|之前|以前|之后|以后|时|前|后)$/u;
const VERDICT = /值不值得|值不值|值得.+吗|是否|能否|该不该|要不要|会不会|能不能|是不是|可不可以|应不应该|有没有必要|适不适合|好不好|靠谱吗|怎么样$|如何$|多久$|吗$|呢$/u;
const HOW_TO_NOUN = /(?:全攻略|攻略|指南|教程|方法|技巧|秘籍|入门|备考计划|计划|步骤|手册|全流程|避坑指南|实操|流程)$/u;
const EVENT = /发布会|发布|召开|举行|开幕|闭幕|上线|亮相|宣布|落幕|回顾|复盘|事件|事故|风波|大会|峰会|奥运会|世界杯|春晚|双十一|双11|开学季|纪念日|夺冠/u;

/**
 * The noun phrase a question starts with (县城的奶茶店 in 县城的奶茶店越开越多, MacBook Air M5 in
 * MacBook Air M5适合大学生吗): tokens up to the first verb, adverb, modal or preposition.
 */
export function leadingNounPhrase(text: string): string {
  let phrase = '';
  for (const { word, tag } of tagTopic(text)) {
    // 在线教育 is an idiom to jieba (l), as is 越开越多, a predicate; 直播带货 a word of our own
    // dictionary, untagged.
    const nounIdiom = tag === 'l' && !/[越不没得着了]/u.test(word);
    const content = tag === 'eng' || tag === 'm' || tag === 'vn' || tag === 'x' || tag === 'zg' || nounIdiom || tag === '' || /^[nabfjst]/u.test(tag);
    const joins = tag === 'uj' && phrase !== '';
    // A verb or adverb ends the phrase (还有, 适合, 会); a noun that only starts alike (在线教育) does not.
    const nounish = /^n/u.test(tag) || nounIdiom || tag === '' || tag === 'eng';
    if ((!content && !joins) || /^[不没]/u.test(word) || MODAL_START.test(word) || (!nounish && /^(?:适合|越|会|能|要|是|有|在|都|也|还|就|才)/u.test(word)) || tag === 'w') break;
    phrase += phrase && tag === 'eng' && /[A-Za-z0-9]$/u.test(phrase) ? ` ${word}` : word;
  }
  return phrase.replace(/的$/u, '').trim();
}

function cleanEnd(text: string): string {
  return text.replace(/[？?！!。.，,、\s]+$/u, '').replace(/(?:吗|呢|吧|啊|呀)$/u, '').trim();
}

function cleanOption(text: string): string {
  return cleanEnd(text.replace(/^(?:到底|究竟|是|选)(?=.{2})/u, '').replace(/(?:好|更好|更合适|更值得买|好呢|呢)$/u, ''));
}

/** Heads too general to name a topic alone (工作, 习惯…): the phrase around them does. */
export const GENERIC_HEAD = /^(?:工作|习惯|事情|事儿|问题|生活|时间|能力|方法|东西|内容|情况|状态|关系|任务)$/u;
/** Verbs whose object, modifier included, is the topic: 养成每天阅读的习惯 → 每天阅读的习惯. */
const KEEP_OBJECT_VERB = /^(?:养成|培养|保持|坚持|改掉|戒掉|提高|提升|改善|建立|找到|处理好|处理|管理好|管理|安排好|安排)/u;
/** How the doing is done, not what it is: 高效复盘 → 复盘. */
const MANNER_START = /^(?:高效|快速|轻松|科学|正确|有效|更好|好好|认真|系统|彻底|顺利|合理|稳妥)地?/u;

/**
 * The object of a verb phrase: 给三岁孩子挑选绘本 → 三岁孩子的绘本, 写好周报 → 周报; with a general
 * head, the phrase: 高效复盘一周的工作 → 复盘一周的工作, 养成每天阅读的习惯 → 每天阅读的习惯.
 */
function objectOf(action: string): string {
  const forWhom = /^(?:给|为|帮|替)(.{2,8}?)(挑选|选择|选购|挑|选|买|准备|找|做|写|规划|制定|安排|设计|搭配|讲|读)(.{2,})$/u.exec(action);
  if (forWhom) {
    const whom = nounChunks(forWhom[1]!)[0];
    const what = nounChunks(forWhom[3]!).at(-1);
    if (whom && what && termLength(whom) + termLength(what) <= 11) return `${whom}的${what}`;
  }
  const modalFree = action.replace(MODAL_START, '');
  const head = nounChunks(modalFree).at(-1);
  if (head && GENERIC_HEAD.test(head)) {
    // 复盘一周的工作 is about 复盘, not 工作: a general head names the topic only with its phrase.
    const phrase = modalFree.replace(MANNER_START, '');
    const keep = KEEP_OBJECT_VERB.exec(phrase);
    const subject = keep ? phrase.slice(keep[0].length) : phrase;
    if (subject !== head && termLength(subject) >= 3 && termLength(subject) <= 10) return subject;
  }
  return head ?? modalFree;
}

function parts(form: TopicForm, intent: TopicIntent, subject: string, extra: Partial<ContentParts> = {}): ContentParts {
  return { form, intent, subject: cleanEnd(subject).replace(/^(?:关于|对于|有关)/u, ''), ...extra };
}

/** Form, intent, subject and the form's parts of a request's subject text. */
export function analyzeContent(text: string): ContentParts {
  const asAsked = text.trim().replace(/^(?:请问|问|求问)[：:，,]?/u, '').replace(/[？?！!。.，,、\s]+$/u, '');
  const q = cleanEnd(asAsked);
  const asked = /[？?]\s*$/u.test(text) || /(?:吗|呢)[？?]?\s*$/u.test(text);

  for (const pattern of COMPARISONS) {
    const match = pattern.exec(q);
    if (!match) continue;
    const a = cleanOption(match[1]!);
    const b = cleanOption(match[2]!);
    if (termLength(a) < 2 || termLength(b) < 2 || /[，,]/u.test(a + b)) continue;
    return parts('comparison', 'choice', `${a}和${b}`, { options: [a, b], question: asAsked, action: cleanEnd(match[3] ?? '') || undefined });
  }

  const list = LIST.exec(q);
  if (list && parseNumber(list[1]!) >= 2 && parseNumber(list[1]!) <= 100) {
    const item = cleanEnd(list[3]!);
    // 三招搞定孩子写作业拖拉: a verb phrase; its subject is what the verb acts on.
    const verb = tagTopic(item)[0]?.word ?? '';
    const subject = !item.includes('的') && ACTION_VERBS.has(verb) && termLength(item.slice(verb.length)) >= 2 ? item.slice(verb.length) : item;
    return parts('list', 'list', subject, { count: { n: parseNumber(list[1]!), numeral: list[1]!, unit: list[2]!, item } });
  }

  for (const pattern of OPINIONS) {
    const match = pattern.exec(q);
    if (match && termLength(match[1]!) >= 2) return parts('opinion', 'view', match[1]!, /^(?:如何|怎么|怎样|该怎么|应该怎么)/u.test(q) || asked ? { question: asAsked } : {});
  }

  for (const pattern of EXPLANATIONS) {
    const match = pattern.exec(q);
    if (match && termLength(match[1]!) >= 2) return parts('question', 'explanation', match[1]!, { question: asAsked });
  }

  const reason = REASON.exec(q);
  if (reason) {
    const before = reason[1]!.trim();
    const after = reason[2]!.trim();
    if (before && !PERSON_END.test(before)) return parts('question', 'reason', before, { question: asAsked, action: after });
    // 这届年轻人为什么爱上了city walk: after a person who asks, the object is the subject.
    if (before) return parts('question', 'reason', objectOf(after), { question: asAsked, action: after, actor: before });
    const lead = leadingNounPhrase(after);
    // 为什么年轻人应该尽早开始定投: a person before the predicate asks; the object is the subject.
    const person = lead && PERSON_END.test(lead) ? lead : undefined;
    const subject = person ? objectOf(after.slice(lead.length)) : lead;
    const action = lead ? after.slice(after.indexOf(lead) + lead.length).trim() || after : after;
    return parts('question', 'reason', subject || objectOf(after), { question: asAsked, action, actor: (before || person) || undefined });
  }

  const short = HOW_SHORT.exec(q);
  if (short && !PERSON_END.test(short[1]!)) return parts('how-to', 'method', short[1]!, { question: asAsked, action: short[2] });

  const how = HOW.exec(q);
  if (how && cleanEnd(how[2]!).length >= 2) {
    const before = how[1]!.trim();
    const action = cleanEnd(how[2]!);
    // 人工智能如何改变教育: how a thing acts is a question about that thing.
    if (before && !PERSON_END.test(before) && AFFECT_VERB.test(action)) return parts('question', 'explanation', before, { question: asAsked, action });
    // 夏天怎么防晒: a time is when, not what; the subject is the doing at that time (夏天防晒).
    if (before && isTimeOnly(before)) return parts('how-to', 'method', termLength(action) <= 4 ? `${before}${action}` : objectOf(action), { question: asAsked, action });
    if (before && !PERSON_END.test(before)) return parts('how-to', 'method', before, { question: asAsked, action });
    return parts('how-to', 'method', objectOf(action), { question: asAsked, action, actor: before || undefined });
  }

  // 程序员35岁以后怎么办: asks for a way out.
  const stuck = /^(.{2,}?)(?:该|应该|要)?怎么办$/u.exec(q);
  if (stuck) {
    const lead = leadingNounPhrase(stuck[1]!);
    const subject = termLength(stuck[1]!) <= 8 || termLength(lead) < 2 ? stuck[1]! : lead;
    return parts('question', 'method', subject, { question: asAsked });
  }

  const which = WHICH.exec(q);
  if (which) {
    const before = which[1]!.trim();
    const after = which[2]!.trim();
    const subject = after && termLength(after) >= 2 ? after : before;
    return parts('question', 'list', subject, { question: asAsked, actor: after && before ? before : undefined });
  }

  // 租房合同要注意哪些条款: a list of the things (条款) of the thing asked about (租房合同).
  const whichAfter = WHICH_AFTER_VERB.exec(q);
  if (whichAfter) {
    const about = whichAfter[1]!.replace(TIME_END, '');
    const lead = leadingNounPhrase(about);
    const subject = termLength(lead) >= 2 ? lead : about;
    if (termLength(subject) >= 2) return parts('question', 'list', subject, { question: asAsked });
  }

  // 去日本旅行要注意什么, 周末去哪儿玩: a question whose answer is a list of things.
  const what = WHAT_END.exec(q);
  const about = what?.[1] ?? what?.[2] ?? '';
  if (termLength(about) >= 2) {
    const lead = leadingNounPhrase(about);
    return parts('question', 'list', termLength(lead) >= 2 ? lead : about, { question: asAsked });
  }

  if (VERDICT.test(q) || asked) {
    const found = leadingNounPhrase(q);
    const lead = found && termLength(found.replace(VERDICT_TAIL, '')) >= 2 ? found.replace(VERDICT_TAIL, '') : found;
    const action = lead ? q.slice(q.indexOf(lead) + lead.length).trim() : q;
    if (lead && (!PERSON_END.test(lead) || THING_END.test(lead))) return parts('question', 'verdict', lead, { question: asAsked, action: cleanEnd(action) });
    const object = cleanEnd(action.replace(MODAL_START, '').replace(/(?:值不值得|值不值|好不好|靠谱|划算|合适|可靠|有用|有必要|有意义|怎么样)(?:吗)?$/u, ''));
    // 在县城开一家咖啡馆能赚钱: a clause, not a noun phrase; its longest noun names the subject.
    const longest = nounChunks(object).reduce((best, chunk) => (termLength(chunk) > termLength(best) ? chunk : best), '');
    const subject = termLength(object) > 8 && longest ? longest : object;
    return parts('question', 'verdict', termLength(subject) >= 2 ? subject : lead || q, { question: asAsked, action: cleanEnd(action), actor: lead || undefined });
  }

  if (HOW_TO_NOUN.test(q)) return parts('how-to', 'method', q);
  if (EVENT.test(q)) {
    // 2026年世界杯回顾: the event is the subject; 回顾 is what the article does with it.
    const event = q.replace(/(?:回顾|复盘|观察|始末|全记录|盘点)$/u, '');
    // 年终复盘, 月度回顾: a time is when, not an event; the review itself is the subject.
    if (event !== q && isTimeOnly(event)) return parts('subject', 'overview', q);
    return parts('event', 'account', termLength(event) >= 2 ? event : q);
  }
  return parts('subject', 'overview', q);
}
