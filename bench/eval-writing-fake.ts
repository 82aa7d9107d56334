/**
 * The scripted model of `EVAL_WRITER=fake npm run eval:writing`: the test suite's OpenAI fake, in
 * this process, answering each agent (told apart by its role line, after 本次任务：) with a
 * plausible reply, and keeping every prompt so the evaluation can check what the prompts carry:
 * the topic's key terms and parsed parts (an instruction's role, title and constraints as rules),
 * the article type's discourse plan, the outline (its headings in every section prompt), the chosen
 * knowledge-base passages, the reference's style profile and the humanising list. The replies carry
 * markers of their own (the outline's headings, the style profile's tone, a stock phrase in every
 * section) so that what comes back in a later prompt can be recognised; the combine reply does what
 * its prompt asks of a model and drops the stock phrases listed there.
 */
import { countCjkLength } from '@tianma/shared';
import { ANALYSIS_ROLE } from '../apps/server/src/generation/agents/prompts/analysis.js';
import { COMBINE_ROLE } from '../apps/server/src/generation/agents/prompts/combine.js';
import { IMAGES_ROLE } from '../apps/server/src/generation/agents/prompts/images.js';
import { OUTLINE_ROLE } from '../apps/server/src/generation/agents/prompts/outline.js';
import { SECTION_ROLE } from '../apps/server/src/generation/agents/prompts/section.js';
import { SEO_ROLE } from '../apps/server/src/generation/agents/prompts/seo.js';
import { STYLE_ROLE } from '../apps/server/src/generation/agents/prompts/style.js';
import { TASK_HEADING } from '../apps/server/src/generation/agents/prompts/shared-context.js';
import { type FakeRequest, lastUserMessage, startOpenAiFake } from '../apps/server/test/fakes/openai-fake-server.js';

// What the evaluation checks the prompts against, loaded with the fake so the offline run does not depend on the prompts.
export { INSTRUCTION_NOTE } from '../apps/server/src/generation/agents/prompts/topic-parts.js';
export { planLine } from '../apps/server/src/generation/plans/discourse-plans.js';
export { parseTopic } from '../apps/server/src/topic/index.js';

export type Agent = 'analysis' | 'style' | 'outline' | 'section' | 'images' | 'combine' | 'seo' | 'unknown';

export interface Prompt {
  agent: Agent;
  /** System and user messages joined. */
  text: string;
}

/** The tone the fake's style profile reports: a later prompt that contains it carries the profile. */
export const STYLE_MARK = '短句口语化带表情';
/** Headings of the fake's outlines; a section prompt with all of them carries the plan. */
export const SECTION_HEADINGS = ['先说结论', '背景与来由', '具体怎么做', '容易踩的坑', '最后的建议', '延伸阅读', '几个例子', '自查清单'];

/** The stock phrase (去AI味) every section reply opens with: the combine prompt must list it. */
export const STOCK_MARK = '值得注意的是';

const SENTENCES = [
  '很多人一开始就把目标定得太高，结果坚持不到一周就放弃了。',
  '更有效的做法是先把任务拆小，每天只完成一件确定能做完的事。',
  '这里的关键不是意志力，而是让正确的行为变得容易发生。',
  '遇到卡壳的时候，不妨先换一个角度，把问题讲给别人听。',
  '复盘同样重要：每周花二十分钟回顾，哪些方法有效，哪些该调整。',
  '如果时间有限，就优先处理那些影响最大、最难替代的部分。',
];

function prose(length: number): string {
  let text = '';
  for (let i = 0; countCjkLength(text) < length; i += 1) text += SENTENCES[i % SENTENCES.length];
  return text;
}

const number = (pattern: RegExp, text: string, fallback: number) => Number(pattern.exec(text)?.[1] ?? fallback);
const between = (text: string, open: string, close: string) => text.slice(text.indexOf(open) + open.length, text.lastIndexOf(close)).trim();

/** The draft revised as the combine prompt's 去AI味 list asks: each listed literal phrase dropped with its comma. */
function withoutListed(draft: string, prompt: string): string {
  const listed = [...prompt.matchAll(/^- 「([^」…]+)」出现 \d+ 次/gmu)].map((match) => match[1]!);
  return listed.reduce((text, phrase) => text.replaceAll(`${phrase}，`, '').replaceAll(phrase, ''), draft);
}

function agentOf(prompt: string): Agent {
  const roles: [string, Agent][] = [
    [ANALYSIS_ROLE, 'analysis'],
    [STYLE_ROLE, 'style'],
    [OUTLINE_ROLE, 'outline'],
    [SECTION_ROLE, 'section'],
    [IMAGES_ROLE, 'images'],
    [COMBINE_ROLE, 'combine'],
    [SEO_ROLE, 'seo'],
  ];
  return roles.find(([role]) => prompt.includes(`${TASK_HEADING}${role}`))?.[1] ?? 'unknown';
}

function reply(agent: Agent, prompt: string): string {
  switch (agent) {
    case 'analysis':
      return JSON.stringify({ angle: '从读者的实际处境出发', audienceNeeds: ['时间少', '怕踩坑'], keyQuestions: ['从哪里开始', '怎么判断'], searchQueries: ['入门指南'] });
    case 'style':
      return JSON.stringify({ tone: STYLE_MARK, sentenceLength: '短句为主', structure: '总分总', hooks: '提问开头', vocabulary: ['早餐'] });
    case 'outline': {
      const target = number(/budget 之和必须等于 (\d+)/, prompt, 2000);
      const count = Math.min(SECTION_HEADINGS.length, Math.max(3, number(/共 \d+～(\d+) 节/, prompt, 5)));
      const each = Math.round(target / count);
      return JSON.stringify({
        title: '脚本模型的标题',
        sections: SECTION_HEADINGS.slice(0, count).map((heading, i) => ({
          heading,
          keyPoints: ['要点一', '要点二'],
          budget: i === count - 1 ? target - each * (count - 1) : each,
          role: i === 0 ? 'introduction' : i === count - 1 ? 'conclusion' : 'body',
        })),
      });
    }
    case 'section': {
      const heading = /撰写「(.+?)」/.exec(prompt)?.[1] ?? '';
      return `## ${heading}\n\n${STOCK_MARK}，${prose(number(/本节字数：约 (\d+) 字/, prompt, 300))}`;
    }
    case 'images':
      return JSON.stringify({ images: [{ sectionIndex: -1, prompt: '清晨的书桌，暖色调插画', caption: '封面' }] });
    case 'combine':
      return withoutListed(between(prompt, '【初稿】', '【/初稿】'), prompt);
    case 'seo':
      return `${between(prompt, '【文章】', '【/文章】')}\n\n关键词：入门、指南`;
    default:
      throw new Error('eval-writing-fake: a prompt of an unknown agent (its role line changed?)');
  }
}

export async function startScriptedModel() {
  const fake = await startOpenAiFake();
  let prompts: Prompt[] = [];
  fake.setResponder((request: FakeRequest) => {
    const system = request.body?.messages?.find((message) => message.role === 'system')?.content ?? '';
    const user = lastUserMessage(request);
    const agent = agentOf(user);
    prompts.push({ agent, text: `${system}\n${user}` });
    fake.requests.length = 0;
    return { text: reply(agent, user), chunkSize: 400 };
  });
  return {
    url: fake.url,
    /** The prompts received since the last call. */
    takePrompts(): Prompt[] {
      const taken = prompts;
      prompts = [];
      return taken;
    },
    close: () => fake.close(),
  };
}
