import { GENRES, genreOf, PLATFORM_GENRES, takeInlineImitation, takeInlineTone, TYPE_HINT, takeConstraints, takeMaterial, takeRole, takeTitle, takeWordLimit, WRITE_VERB } from './instruction-parts.js';
import { ACTION_VERBS, nounChunks, tagTopic, termLength } from './segment.js';
import { analyzeContent, GENERIC_HEAD } from './topic-form.js';
import type { ParsedTopic } from './types.js';

/**
 * Words that instruct the writer. None of them may remain in a subject or a key term: the issue
 * measured titles like 「关于200字，我想说的一些话」 when they did.
 */
export const INSTRUCTION_WORDS = [
  '文章', '字数', '要求', '内容', '写', '请', '帮我', '帮忙', '一篇', '你是', '作为', '为题', '以内', '左右', '不要', '生成', '撰写', '创作',
] as const;

/** A request that starts like an order to a writer. */
const INSTRUCTION_START = /^(?:请你?|麻烦你?|帮我|帮忙|给我|替我|能不能帮我|你能|我想写|我要写|写|撰写|创作|生成|起草|来一?[篇个段首]|(?:优化|润色|改写|扩写|缩写|续写|翻译)(?:一下)?(?:这|以下|下面))/u;

const CLAUSE_BREAK = /[，,。；;！!：:\n]+|(?<=[？?])/u;

/** Instruction words around a subject inside an instruction clause. */
const INSTRUCTION_NOISE = new RegExp(
  [
    '^(?:请你?|麻烦你?|帮我|帮忙|给我|替我|你|再)+',
    '(?:写|撰写|创作|生成|起草|编|拟|来)(?:一|两|三|几)?(?:篇|个|段|首|封|份|则|条|下)?',
    // NOTE: anchored: 最后一个月 keeps its 一个.
    '^(?:一篇|一段|一个|一份|一首|一封)',
    '(?:文章|稿子|字数|要求|内容|东西)',
    '^(?:我们|咱们|你们|自己)(?:的)?',
    '^(?:主题|话题|题材|中心)(?:是|为)?[：:]?',
    '^(?:我想|我要|我需要|想|打算|准备)',
    '^(?:介绍|讲讲|讲一讲|说说|说一说|聊聊|聊一聊|谈谈|谈一谈|分析|描述|描写|解释|说明|阐述|推广|宣传|优化|润色|改写|修改|扩写|缩写|续写|翻译|仿写|改编)(?:一下)?',
    '^(?:这篇|这段|这个|下面的|以下的|上面的)',
    '^(?:回答|回复|解答)(?:一下)?',
    '^(?:产品|主题|话题|对象|品牌|活动)(?:是|为)',
    '^(?:一款|一个|一家|一位|一种|一份)',
  ].join('|'),
  'gu',
);

/** What an instruction that names nothing is about. */
const NO_SUBJECT = '这个话题';

/** An instruction with nothing left to name a subject (请根据以下要求优化这篇文章…). */
function isInstructionText(text: string): boolean {
  return INSTRUCTION_START.test(text) || INSTRUCTION_WORDS.some((word) => text.includes(word));
}

function stripInstruction(text: string): string {
  let out = text;
  for (let i = 0; i < 3; i += 1) out = out.replace(INSTRUCTION_NOISE, '').trim();
  return out.replace(/^(?:关于|有关|对于|的)+/u, '').replace(/的+$/u, '').trim();
}

/**
 * The subject named inside a clause that asks for writing: 写一篇关于异地恋的文章 → 异地恋
 * (explicit), 写一篇测评 → 测评 (only what is left, used when nothing else names the subject).
 */
/**
 * A period or a person that only qualifies a genre: 一周工作总结, 个人工作总结, 年度述职报告. Read
 * as the subject, the article would be about 一周.
 */
const QUALIFIER =
  /^(?:[一二两三四五六七八九十半\d]+(?:周|天|日|个月|月|季度|年)|[本上下每]周|[本上下每]月|[今明去每]年|月度|季度|年度|年终|年中|年底|全年|[上下]半年|每日|每天|今日|当日|个人|本人|我的|自己的?|部门|团队|班级|小组|公司)$/u;
/** What a genre's name ends in when it names a kind of report about something (工作总结 → 工作). */
const REPORT_FORM = /(?:总结|小结|报告|汇报|计划|规划|笔记|心得|体会|感想|复盘|述职)$/u;

/** The subject of a qualified genre: 工作总结 → 工作; 年终总结, whose head is itself a qualifier, stays whole. */
function subjectOfQualifiedGenre(genre: string): string {
  const head = genre.replace(REPORT_FORM, '');
  return head && !QUALIFIER.test(head) ? head : genre;
}

function subjectOfWriteClause(clause: string, genre: string | undefined): { subject: string; explicit: boolean } {
  const head = genre ? clause.slice(0, clause.lastIndexOf(genre)) : clause;
  const about = /(?:关于|有关|围绕)(.+?)(?:的)?(?:文章|稿子|内容)?$/u.exec(head) ?? /以(.+?)为(?:主题|话题|题材|中心|内容|切入点)/u.exec(clause);
  if (about) return { subject: unquote(stripInstruction(about[1]!)), explicit: true };
  const forWhat = /(?:给|替|为(?!什么|何))(.+?)(?:写|撰写|创作|准备|拟|做|来)/u.exec(head);
  if (forWhat) return { subject: stripInstruction(forWhat[1]!), explicit: true };
  // 读《活着》的读后感: the book is the subject; what is left otherwise (写一篇测评 → 测评, 写一段
  // 产品介绍 → 产品) names a subject only when no other clause does.
  const rest = stripInstruction(head).replace(/^(?:读|看|观看|阅读)(?=《)/u, '');
  // 写一封给家长的信 with nothing else to say: the letter itself names the subject.
  if (genre === '信' && rest.startsWith('给')) return { subject: `${rest}的信`, explicit: false };
  return { subject: rest, explicit: /^《[^》]+》$/u.test(rest) };
}

function unquote(text: string): string {
  return text.replace(/^[“"「『‘](.+)[”"」』’]$/u, '$1');
}

/** A clause that only names a genre, perhaps with its platform: 抖音短视频脚本. */
function genreOnly(clause: string): string | undefined {
  const genre = GENRES.find((g) => clause.endsWith(g));
  if (!genre) return undefined;
  const before = stripInstruction(clause.slice(0, -genre.length));
  return before === '' || /^(?:抖音|小红书|公众号|知乎|B站|b站|视频号|快手|微博|朋友圈|头条)$/u.test(before) ? genre : undefined;
}

function isWriteClause(clause: string): boolean {
  return Boolean(genreOf(clause)) || (WRITE_VERB.test(clause) && /(?:写|撰写|创作|生成|起草)/u.test(clause) && /关于|有关|围绕|为主题|文章|一篇|一段|一封|一份|一首|稿/u.test(clause) && !/[？?吗]$/u.test(clause));
}

/** Words naming an aspect of a thing rather than a thing. */
const ASPECTS = /^(?:原理|应用|机会|挑战|影响|利弊|现状|趋势|前景|方法|问题|意义|价值|作用|优势|劣势|风险|未来|发展|区别|特点|历史|误区|技巧|经验|做法|思考|启示|秘密|真相|逻辑|本质)$/u;
const GUIDE_SUFFIX = /(?:全攻略|攻略|入门指南|避坑指南|指南|教程|入门|秘籍|手册)$/u;
/** 低空经济的发展前景, 新能源汽车行业格局, 预制菜行业分析: an aspect of a thing ends its name; the thing is the term. */
export const ASPECT_SUFFIX = /的?(?:发展前景|市场前景|前景|发展趋势|竞争格局|行业格局|格局|行业分析|市场分析|分析|发展现状|现状|机遇|痛点|出路|困境|商业模式)$/u;

/**
 * Key terms of the parts. An instruction's terms never carry its own words; a bare topic's may
 * (AI写作工具对内容创作者的影响 is about 内容创作者).
 */
function keyTermsOf(parts: Pick<ParsedTopic, 'subject' | 'options' | 'action' | 'actor' | 'count' | 'question'>, strict: boolean, context: string[] = []): string[] {
  const terms: string[] = [];
  const add = (term: string | undefined) => {
    const clean = term?.replace(/[《》“”"「」『』]/gu, '').trim();
    if (clean && termLength(clean) >= 2 && termLength(clean) <= 12 && !terms.includes(clean) && !(strict && INSTRUCTION_WORDS.some((w) => clean.includes(w)))) terms.push(clean);
  };
  for (const option of parts.options ?? []) add(option);
  // 夏天怎么防晒 → 夏天防晒: a subject joined from the question's parts is named by those parts
  // (the doing first), never by the joined phrase the reader did not write.
  const asked = parts.question?.replace(/\s/gu, '');
  if (asked && parts.action && parts.subject.endsWith(parts.action) && !asked.includes(parts.subject.replace(/\s/gu, ''))) {
    for (const { word } of [...tagTopic(parts.subject)].reverse()) add(word);
    return terms.filter((term) => asked.includes(term.replace(/\s/gu, ''))).slice(0, 6);
  }
  const chunks = nounChunks(parts.subject);
  // 复盘一周的工作: a phrase ending in a general head (GENERIC_HEAD) is named by its doing (复盘).
  const lead = tagTopic(parts.subject)[0];
  const generalHead = chunks.length > 0 && GENERIC_HEAD.test(chunks.at(-1)!);
  if (generalHead && lead && /^v/u.test(lead.tag) && termLength(lead.word) >= 2 && !/^(?:养成|培养|保持|坚持|提高|提升|改善|建立)$/u.test(lead.word)) add(lead.word);
  // AI绘画工具入门指南 is about AI绘画工具.
  const bare = parts.subject.replace(GUIDE_SUFFIX, '');
  if (bare !== parts.subject && termLength(bare) >= 2) add(bare);
  const thing = parts.subject.replace(ASPECT_SUFFIX, '');
  if (thing !== parts.subject && termLength(thing) >= 2) add(thing);
  // AI编程助手对初级程序员的影响: the article is about what acts (AI编程助手), then on whom.
  const affect = /^(.{2,}?)对(.{2,}?)的(?:影响|冲击|改变|意义|作用)$/u.exec(parts.subject);
  if (affect) for (const side of [affect[1]!, affect[2]!]) add(side);
  // A short subject is a term as it stands; a longer one by its chunks: the heads (last) first,
  // aspects (原理, 机会, 挑战…) after the thing they are aspects of.
  if (termLength(parts.subject) <= 8 && chunks.length <= 1 && !ACTION_VERBS.has(tagTopic(parts.subject)[0]?.word ?? '')) add(parts.subject);
  const ordered = [...chunks].reverse();
  for (const chunk of ordered.filter((c) => !ASPECTS.test(c))) add(chunk);
  for (const chunk of ordered.filter((c) => ASPECTS.test(c))) add(chunk);
  // The predicate's nouns, not its verdict words (副业靠谱).
  for (const chunk of nounChunks(parts.action ?? '')) if (!/靠谱|划算|合适|值得|可靠|好用|还有|多久|前途/u.test(chunk)) add(chunk);
  if (parts.actor) add(parts.actor);
  for (const clause of context) for (const chunk of nounChunks(clause)) add(chunk);
  if (terms.length === 0) add(parts.subject);
  // NOTE: never cut a word in half: the first whole token stands in for an unsplittable subject.
  if (terms.length === 0) terms.push(tagTopic(parts.subject).find((t) => t.tag !== 'w')?.word ?? '这个话题');
  // A general head (工作, 习惯) names a subject last, after the terms that say which one.
  if (generalHead && terms.length > 1) terms.sort((a, b) => Number(GENERIC_HEAD.test(a)) - Number(GENERIC_HEAD.test(b)));
  return terms.slice(0, 6);
}

/** Reads a request into its parts: see `ParsedTopic`. Pure apart from jieba's dictionary. */
export function parseTopic(topic: string): ParsedTopic {
  const raw = topic.replace(/\u3000/gu, ' ').trim();
  const { material: pasted, rest: beforeMaterial } = takeMaterial(raw);
  // 基于以下内容：…。写一份工作总结: an instruction after the material belongs to the request.
  let material = pasted;
  let afterMaterial = beforeMaterial;
  const lastSentence = pasted?.split(/(?<=[。！!？?\n])/u).at(-1)?.trim();
  if (pasted && lastSentence && lastSentence !== pasted && isWriteClause(lastSentence.replace(/[。！!]$/u, ''))) {
    material = pasted.slice(0, pasted.length - lastSentence.length).trim();
    afterMaterial = `${beforeMaterial}，${lastSentence}`;
  }
  const { role, rest: afterRole } = takeRole(afterMaterial);
  const { constraint: imitation, rest: afterImitation } = takeInlineImitation(afterRole);
  const { constraint: inlineTone, rest: afterTone } = takeInlineTone(afterImitation);
  const { wordLimit, rest: afterLength } = takeWordLimit(afterTone);
  const firstClauses = afterLength.split(CLAUSE_BREAK).map((c) => c.trim()).filter(Boolean);
  // A 《…》 is the title to use only in an instruction; in 《三体》为什么好看 it names the subject.
  const instructionSoFar =
    Boolean(material || role || wordLimit || imitation || inlineTone) ||
    INSTRUCTION_START.test(afterLength) ||
    /^《[^》]+》$/u.test(afterLength) ||
    firstClauses.some(isWriteClause) ||
    takeConstraints(firstClauses).constraints.length > 0;
  const { title, rest: afterTitle } = takeTitle(afterLength, instructionSoFar);

  // 分析评论类 repeats the form's type setting: it names no subject.
  const clauses = afterTitle.split(CLAUSE_BREAK).map((c) => c.trim()).filter((c) => c && !TYPE_HINT.test(c));
  const { constraints: clauseConstraints, rest } = takeConstraints(clauses);
  const constraints = [...(imitation ? [imitation] : []), ...(inlineTone ? [inlineTone] : []), ...clauseConstraints];
  let genre: string | undefined;
  let writeSubject = '';
  let explicitSubject = false;
  const content: string[] = [];
  for (const clause of rest) {
    if (isWriteClause(clause)) {
      const found = genreOf(clause);
      genre ??= found;
      if (!writeSubject) ({ subject: writeSubject, explicit: explicitSubject } = subjectOfWriteClause(clause, found));
    } else {
      const text = instructionSoFar ? stripInstruction(clause) : clause;
      const onlyGenre = genreOnly(text);
      if (onlyGenre) genre ??= onlyGenre;
      else if (termLength(text.replace(/[？?]/gu, '')) >= 2 && !/^(?:要求|注意|如下|具体)+[：:]?$/u.test(text)) content.push(text);
    }
  }
  // 2026年春晚观后感: a bare topic that ends in a genre asks for that genre about the rest.
  const endsInGenre = !genre && content.length === 1 ? GENRES.find((g) => content[0]!.endsWith(g) && !PLATFORM_GENRES.test(g)) : undefined;
  if (endsInGenre && termLength(content[0]!.slice(0, -endsInGenre.length)) >= 2 && !/[？?]|为什么|如何|怎么|怎样|写|吗$/u.test(content[0]!)) {
    genre = endsInGenre;
    content[0] = content[0]!.slice(0, -endsInGenre.length).replace(/的$/u, '');
  }
  const isInstruction = Boolean(instructionSoFar || title || genre || constraints.length > 0);
  const named = termLength(writeSubject) >= 2 ? writeSubject : undefined;
  // 大模型时代，普通人的机会在哪里: the clause that asks is the subject's; the others are context.
  const asking = isInstruction ? undefined : content.find((clause) => /[？?]$|为什么|如何|怎么|怎样|是否|哪里|哪儿|什么|哪些|吗$|呢$/u.test(clause));
  const context = content.filter((clause) => clause !== (asking ?? content[0]));
  const subjectText = (explicitSubject ? named : undefined) ?? asking ?? content[0] ?? title ?? named ?? genre ?? (isInstructionText(raw) ? NO_SUBJECT : raw);
  const parts = analyzeContent(subjectText);
  // 根据以下材料写一篇新闻稿：…: with nothing but a genre, the material's main noun phrase is the subject.
  if (material && (parts.subject === genre || parts.subject === NO_SUBJECT)) {
    const first = material.split(/[。！!？?\n]/u)[0] ?? '';
    const longest = nounChunks(first).filter((chunk) => !/\d/u.test(chunk)).reduce((best, chunk) => (termLength(chunk) > termLength(best) ? chunk : best), '');
    if (termLength(longest) >= 2) parts.subject = longest;
  }
  if (isInstruction && subjectText !== title) parts.subject = stripInstruction(parts.subject) || title || parts.subject;
  if (!isInstruction && parts.question && context.length > 0) parts.question = content.join('，').replace(/[？?]+$/u, '');
  if (genre && (parts.form === 'subject' || parts.form === 'event') && !PLATFORM_GENRES.test(genre)) parts.intent = 'piece';
  // 一周工作总结: what is left before the genre only qualifies it; the piece is about the work.
  if (genre && QUALIFIER.test(parts.subject)) parts.subject = subjectOfQualifiedGenre(genre);

  return {
    raw,
    ...parts,
    keyTerms: keyTermsOf(parts, isInstruction, isInstruction ? [] : context),
    isInstruction,
    ...(role ? { role } : {}),
    ...(title ? { title } : {}),
    ...(wordLimit ? { wordLimit } : {}),
    ...(genre ? { genre } : {}),
    constraints,
    ...(material ? { material } : {}),
  };
}
