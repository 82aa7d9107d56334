import { type Platform, PLATFORM_TITLE_LIMITS, type WritingStyle } from '@tianma/shared';

/**
 * How a writing style sounds: its openings and closings. (No stock asides for the body: said of any
 * topic, 「换句话说，方法是否有效，取决于它适用的条件」 and its kind were the same sentences in
 * unrelated articles; the style shows in style-transform.ts.)
 */
export interface StyleVoice {
  intro: string[];
  outro: string[];
  /** Ordinals for a section's points. */
  ordinals: string[];
  /** How an example begins; the person ({persona}) comes last. */
  exampleLeads: string[];
}

export const STYLE_VOICES: Record<WritingStyle, StyleVoice> = {
  professional_logical: {
    intro: ['讨论{term}之前，有必要先把问题界定清楚。', '要把{term}说清楚，得先理一理它的来龙去脉。'],
    outro: ['以上的分析，可以归结为一条清晰的主线。', '按照这个框架去思考，大部分问题都能找到头绪。'],
    ordinals: ['第一', '第二', '第三', '第四'],
    exampleLeads: ['比如{persona}', '不妨看一个例子：{persona}'],
  },
  efficient_concise: {
    intro: ['直接说重点。', '不绕弯子，直接上干货。'],
    outro: ['就这么简单。', '收藏，照做。'],
    ordinals: ['第一', '第二', '第三', '第四'],
    exampleLeads: ['比如{persona}', '举个例子，{persona}'],
  },
  colloquial_fun: {
    intro: ['说到{term}，不少人的第一反应是：这事儿我熟！真的熟吗？', '先问一句：你是不是也被{term}折腾过？别不好意思，我也是。'],
    outro: ['好啦，今天就唠到这儿。', '道理就这么些，剩下的交给行动啦。'],
    ordinals: ['头一条', '第二条', '第三条', '再来一条'],
    exampleLeads: ['比如{persona}', '举个栗子，{persona}'],
  },
  sincere_narrative: {
    intro: ['还记得第一次认真琢磨{term}，是在一个很平常的傍晚。', '我想先讲一个小故事，它和{term}有关。'],
    outro: ['故事讲完了，但它留下的东西还在继续。', '谢谢你听我讲完这些。'],
    ordinals: ['先说', '再说', '还有', '另外'],
    exampleLeads: ['我想起{persona}', '记得{persona}'],
  },
  authoritative_expert: {
    intro: ['从专业角度看，{term}是一个常被误解的话题。', '在这个领域观察得越久，越会发现{term}里有不少值得澄清的地方。'],
    outro: ['希望这些专业视角，能为你提供一个可靠的参考。', '专业的判断，终究要在实践中接受检验。'],
    ordinals: ['第一', '第二', '第三', '第四'],
    exampleLeads: ['来看一个典型案例：{persona}', '比如{persona}'],
  },
  vivid_experience: {
    intro: ['有些话题像一阵风，吹过就散了；{term}不是，它会在心里留下回响。', '{term}像一扇半掩的窗，推开之后，是另一番风景。'],
    outro: ['愿你在{term}里，也能遇见属于自己的那片风景。', '风会停，花会开，一切都会慢慢变好。'],
    ordinals: ['其一', '其二', '其三', '其四'],
    exampleLeads: ['我想起{persona}', '记得{persona}'],
  },
  accessible_easyread: {
    intro: ['{term}听起来有点复杂？', '不需要任何基础，也能看懂{term}。'],
    outro: ['希望这些大白话，能帮你把{term}看得更明白。', '记不住那么多也没关系，记住最关键的一两条就够了。'],
    ordinals: ['第一', '第二', '第三', '第四'],
    exampleLeads: ['比如{persona}', '举个例子，{persona}'],
  },
};

/** Platform conventions: paragraph size, openings, closings, emoji. */
export interface PlatformVoice {
  maxSentences: number;
  openers: string[];
  closers: string[];
  introHeadings: string[];
  conclusionHeadings: string[];
  titleLimit: number;
}

export const PLATFORM_VOICES: Record<Platform, PlatformVoice> = {
  wechat: {
    maxSentences: 3,
    openers: [],
    closers: ['你对{term}有什么看法？欢迎在留言区聊聊。', '如果觉得有用，欢迎转发给同样需要的朋友。', '觉得有启发的话，点个“在看”，让更多人看到。'],
    introHeadings: [],
    conclusionHeadings: [],
    titleLimit: PLATFORM_TITLE_LIMITS.wechat,
  },
  zhihu: {
    maxSentences: 4,
    openers: ['我的答案是：{verdict}。', '一句话回答：{verdict}。', '直接给结论：{verdict}。'],
    closers: ['以上，希望对你有帮助。', '以上是我的一些看法，欢迎在评论区讨论。', '如果觉得有用，欢迎点赞收藏。'],
    introHeadings: ['先说结论', '简短回答'],
    conclusionHeadings: ['最后总结', '写在最后'],
    titleLimit: PLATFORM_TITLE_LIMITS.zhihu,
  },
  xiaohongshu: {
    maxSentences: 2,
    openers: ['今天想和大家聊聊{term}✨', '关于{term}，真心话来了🙌', '整理了一份{term}的笔记，建议先收藏📌'],
    closers: ['有问题评论区见～💬', '有用就点个赞💕', '还想了解什么，评论区说👇'],
    introHeadings: ['开场'],
    conclusionHeadings: ['最后碎碎念', '写在最后'],
    titleLimit: PLATFORM_TITLE_LIMITS.xiaohongshu,
  },
};

export const XHS_LINE_EMOJI = ['✅', '👉', '📌', '💡', '🌟', '🔸', '✨', '📝', '🍃', '💪'];
export const XHS_HEADING_EMOJI = ['🌈', '📍', '🔥', '💫', '🍀', '🎯', '🧭'];
export const XHS_TITLE_EMOJI = ['✨', '🔥', '💡', '🌟', '📌', '🍀'];

/** People for examples, by the audience's words; anyone else gets friends and colleagues. */
const PERSONAS: { match: RegExp; people: string[] }[] = [
  { match: /职场|打工|上班|白领|员工/u, people: ['在互联网公司做运营的小周', '刚当上小组长的阿杰', '每天通勤两小时的林姐'] },
  { match: /学生|考研|大学|高中|校园/u, people: ['正在备考的小林', '读大三的阿宁', '研一的小唐'] },
  { match: /爱好者|发烧|玩家|圈/u, people: ['玩了五年的老玩家阿凯', '圈子里小有名气的博主小鱼', '周末总泡在社群里的老陈'] },
  { match: /客户|企业|老板|采购|创业/u, people: ['正在比较方案的王经理', '刚创业不久的小陈', '负责采购的刘姐'] },
  { match: /消费|体验|买|宝妈/u, people: ['喜欢研究好物的小雅', '买东西前必看测评的阿楠', '精打细算的宝妈小敏'] },
];
const DEFAULT_PERSONAS = ['我的朋友小周', '一位同事', '一位读者阿青'];

export function personasFor(audience: string): string[] {
  return PERSONAS.find((entry) => entry.match.test(audience))?.people ?? DEFAULT_PERSONAS;
}
