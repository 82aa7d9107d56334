/**
 * The fake LLM of `bench/generation.ts`, run as its own process (so its CPU and memory do not
 * count against the server's): the test suite's scripted OpenAI fake, answering every agent as a
 * model would, by its role line (本次任务：…), after a fixed latency per call. Sections
 * come back at their budgeted length, so prompts and articles have realistic sizes. Prints
 * `{"url": …}` on stdout once listening. Reports cached prompt tokens as a prefix cache would (below).
 */
import { countCjkLength } from '@tianma/shared';
import { ANALYSIS_ROLE } from '../apps/server/src/generation/agents/prompts/analysis.js';
import { COMBINE_ROLE } from '../apps/server/src/generation/agents/prompts/combine.js';
import { IMAGES_ROLE } from '../apps/server/src/generation/agents/prompts/images.js';
import { OUTLINE_ROLE } from '../apps/server/src/generation/agents/prompts/outline.js';
import { SECTION_ROLE } from '../apps/server/src/generation/agents/prompts/section.js';
import { SEO_ROLE } from '../apps/server/src/generation/agents/prompts/seo.js';
import { TASK_HEADING } from '../apps/server/src/generation/agents/prompts/shared-context.js';
import { STYLE_ROLE } from '../apps/server/src/generation/agents/prompts/style.js';
import { type FakeRequest, lastUserMessage, startOpenAiFake } from '../apps/server/test/fakes/openai-fake-server.js';

const LATENCY_MS = Number(process.env.BENCH_LLM_LATENCY_MS ?? 1000);
/** Chunks per streamed answer; the latency is spread over them. */
const CHUNKS = Number(process.env.BENCH_LLM_CHUNKS ?? 8);

const SENTENCES = [
  '很多人一开始就把目标定得太高，结果坚持不到一周就放弃了。',
  '更有效的做法是先把任务拆小，每天只完成一件确定能做完的事。',
  '数据显示，连续记录三周的人，最终达成目标的比例明显更高。',
  '这里的关键不是意志力，而是让正确的行为变得容易发生。',
  '比如把需要的工具提前放在手边，减少开始之前的犹豫。',
  '遇到卡壳的时候，不妨先换一个角度，把问题讲给别人听。',
  '复盘同样重要：每周花二十分钟回顾，哪些方法有效，哪些该调整。',
  '不要迷信所谓的捷径，稳定的节奏往往比短期冲刺更可靠。',
  '如果时间有限，就优先处理那些影响最大、最难替代的部分。',
  '身边的同伴也能提供帮助，互相监督能让计划更容易落地。',
  '从长期看，习惯一旦形成，投入的精力会越来越少，效果却越来越好。',
  '当然，每个人的情况不同，照搬别人的方案未必适合自己。',
  '真正需要警惕的，是在忙碌中忘记了最初想解决的问题。',
  '一个简单的检查办法是问自己：今天做的事，离目标更近了吗？',
];

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Paragraphs of plausible Chinese prose, `length` CJK characters long (give or take a sentence). */
function prose(length: number, seed: string): string {
  const paragraphs: string[] = [];
  let sentence = hash(seed);
  let written = 0;
  while (written < length) {
    let paragraph = '';
    for (let i = 0; i < 4 && written + countCjkLength(paragraph) < length; i++) paragraph += SENTENCES[sentence++ % SENTENCES.length];
    written += countCjkLength(paragraph);
    paragraphs.push(paragraph);
  }
  return paragraphs.join('\n\n');
}

const between = (text: string, open: string, close: string) => text.slice(text.indexOf(open) + open.length, text.lastIndexOf(close)).trim();
const number = (pattern: RegExp, text: string, fallback: number) => Number(pattern.exec(text)?.[1] ?? fallback);

function outline(prompt: string): object {
  const target = number(/budget 之和必须等于 (\d+)/, prompt, 2000);
  const count = number(/共 \d+～(\d+) 节/, prompt, 5);
  const edge = Math.round(target * 0.1);
  const body = Math.round((target - 2 * edge) / (count - 2));
  return {
    title: '把计划变成习惯：一份可以照做的指南',
    sections: Array.from({ length: count }, (_, i) => ({
      heading: i === 0 ? '为什么计划总是半途而废' : i === count - 1 ? '写在最后：从今天开始' : `第${i}步：${['拆小目标', '固定时间', '记录进度', '定期复盘', '找到同伴', '奖励自己', '应对反复', '长期坚持'][(i - 1) % 8]}`,
      keyPoints: ['常见误区', '具体做法', '一个例子'],
      budget: i === 0 || i === count - 1 ? edge : body,
      role: i === 0 ? 'introduction' : i === count - 1 ? 'conclusion' : 'body',
    })),
  };
}

/**
 * The editor's AI actions (revision-prompts.ts): the prompt ends with 【要求】. Titles: five lines;
 * summary: a sentence; a selection: the same sentences made plainly different (a few words
 * swapped and a closing clause), so the editor has a visible change to show.
 */
function revision(prompt: string): string {
  const task = prompt.slice(prompt.indexOf('【要求】'));
  if (prompt.includes('【全文】')) {
    if (task.includes('拟 5 个标题')) return ['把计划变成习惯的五个步骤', '为什么你的计划总是坚持不下去', '每天二十分钟，三周养成新习惯', '从拆小目标开始的自律法', '写给总想重新开始的你'].join('\n');
    return '本文讲了如何把计划变成习惯：先拆小目标，固定时间去做，记录进度并每周复盘，让正确的行为变得容易发生。';
  }
  const selection = prompt.slice(prompt.indexOf('【选中文字】') + '【选中文字】'.length).split(/\n\n【(?:下文|要求)】/u)[0]!.trim();
  const swaps: [RegExp, string][] = [[/很多/gu, '不少'], [/但是/gu, '不过'], [/非常/gu, '十分'], [/可以/gu, '能够'], [/我们/gu, '大家']];
  const rewritten = swaps.reduce((text, [from, to]) => text.replace(from, to), selection);
  return `${rewritten.replace(/[。！？]?$/u, '')}，读起来更顺了。`;
}

function reply(request: FakeRequest): string {
  const prompt = lastUserMessage(request);
  const is = (role: string) => prompt.includes(`${TASK_HEADING}${role}`);
  if (is(ANALYSIS_ROLE)) {
    return JSON.stringify({ angle: '用最小的改变建立长期习惯', audienceNeeds: ['时间少', '容易放弃'], keyQuestions: ['从哪里开始', '如何坚持'], searchQueries: ['习惯养成方法'] });
  }
  if (is(STYLE_ROLE)) {
    return JSON.stringify({ tone: '亲切', sentenceLength: '短句为主', structure: '总分总', hooks: '提问开头', vocabulary: ['干货'] });
  }
  if (is(OUTLINE_ROLE)) return JSON.stringify(outline(prompt));
  if (is(SECTION_ROLE)) {
    const heading = /撰写「(.+?)」/.exec(prompt)?.[1] ?? '';
    return `## ${heading}\n\n${prose(number(/本节字数：约 (\d+) 字/, prompt, 300), heading)}`;
  }
  if (is(IMAGES_ROLE)) {
    const count = number(/加 (\d+) 张插图/, prompt, 1);
    const images = [{ sectionIndex: -1, prompt: '清晨的书桌，台灯与笔记本，暖色调插画', caption: '封面' }];
    for (let i = 1; i <= count; i++) images.push({ sectionIndex: i, prompt: '简洁的扁平插画，表现专注与坚持', caption: `插图${i}` });
    return JSON.stringify({ images });
  }
  if (is(COMBINE_ROLE)) {
    // The continuity pass answers with the title and every junction paragraph it was offered, revised (here: as given).
    const offered = [...between(prompt, '【初稿】', '【/初稿】').matchAll(/^(〔P\d+〕.+)$/gmu)].map((match) => match[1]);
    return ['# 把计划变成习惯，其实没那么难', ...offered].join('\n\n');
  }
  if (prompt.includes('【要求】')) return revision(prompt);
  if (is(SEO_ROLE)) return `${between(prompt, '【文章】', '【/文章】')}\n\n关键词：习惯养成、时间管理、自律`;
  throw new Error(`unknown agent: ${prompt.slice(0, 40)}`);
}

/**
 * A provider's prefix cache as DeepSeek's works (BENCH_LLM_PREFIX_CACHE=0 turns it off): a prompt's
 * leading tokens that repeat the start of an earlier prompt, in whole units of 64 tokens, are
 * reported as cached (usage.prompt_cache_hit_tokens); an answer's prompt joins the cache once the
 * answer is done, so calls running side by side do not hit each other. One token per character,
 * as the fake counts them. Kept as a set of hashes of every 64-character prefix.
 */
const CACHE_UNIT = 64;
const cachedPrefixes = new Set<string>();
function prefixKeys(prompt: string): string[] {
  const keys: string[] = [];
  let h = 0x811c9dc5;
  const chars = [...prompt];
  for (let end = CACHE_UNIT; end <= chars.length; end += CACHE_UNIT) {
    for (let i = end - CACHE_UNIT; i < end; i++) h = Math.imul(h ^ chars[i]!.codePointAt(0)!, 0x01000193) >>> 0;
    keys.push(`${end}:${h}`);
  }
  return keys;
}
function cachedTokens(keys: string[]): number {
  let hit = 0;
  while (hit < keys.length && cachedPrefixes.has(keys[hit]!)) hit++;
  return hit * CACHE_UNIT;
}

const fake = await startOpenAiFake();
fake.setResponder((request) => {
  const text = reply(request);
  // The fake records every request; the bench needs none of them, and 50 tasks' prompts add up.
  fake.requests.length = 0;
  const step = { text, chunkSize: Math.max(1, Math.ceil([...text].length / CHUNKS)), delayMs: LATENCY_MS / CHUNKS };
  if (process.env.BENCH_LLM_PREFIX_CACHE === '0') return step;
  const keys = prefixKeys((request.body?.messages ?? []).map((message) => String(message.content)).join(''));
  const cached = cachedTokens(keys);
  setTimeout(() => {
    for (const key of keys) cachedPrefixes.add(key);
  }, LATENCY_MS).unref();
  return { ...step, usage: { prompt_cache_hit_tokens: cached } };
});
process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);
// The bench holds stdin open; when it ends (however it ends), so does the fake.
process.stdin.on('end', () => process.exit(0)).resume();
