import { type Platform, PLATFORM_TITLE_LIMITS, type WritingStyle } from '@tianma/shared';

/** How a writing style sounds: its openings, asides in the body, and closings. */
export interface StyleVoice {
  intro: string[];
  voice: string[];
  outro: string[];
  /** Ordinals for a section's points. */
  ordinals: string[];
  /** How an example begins; the person ({persona}) comes last. */
  exampleLeads: string[];
}

export const STYLE_VOICES: Record<WritingStyle, StyleVoice> = {
  professional_logical: {
    intro: ['讨论{term}之前，有必要先把问题界定清楚。', '要把{term}说清楚，得先理一理它的来龙去脉。'],
    voice: [
      '这里有一个前提需要明确：讨论的是一般情况，而非个别特例。',
      '从因果关系看，这一环决定了后面几环的效果。',
      '把问题拆成几个子问题，逻辑会清晰得多。',
      '需要区分的是，相关并不等于因果。',
      '换句话说，方法是否有效，取决于它适用的条件。',
      '沿着这个思路推下去，答案是比较清楚的。',
    ],
    outro: ['以上的分析，可以归结为一条清晰的主线。', '按照这个框架去思考，大部分问题都能找到头绪。'],
    ordinals: ['第一', '第二', '第三', '第四'],
    exampleLeads: ['比如{persona}', '不妨看一个例子：{persona}'],
  },
  efficient_concise: {
    intro: ['直接说重点。', '不绕弯子，直接上干货。'],
    voice: ['一句话：先做，再调。', '记住这一条就够了。', '要点就这些，照做即可。', '能省的步骤就省。', '别想太多，先动手。', '重点只有一个：执行。'],
    outro: ['就这么简单。', '收藏，照做。'],
    ordinals: ['第一', '第二', '第三', '第四'],
    exampleLeads: ['比如{persona}', '举个例子，{persona}'],
  },
  colloquial_fun: {
    intro: ['说到{term}，不少人的第一反应是：这事儿我熟！真的熟吗？', '先问一句：你是不是也被{term}折腾过？别不好意思，我也是。'],
    voice: [
      '说白了，就是别跟自己较劲。',
      '讲真，这一步我当初也踩过坑，现在想想都想笑。',
      '别笑，这可是不少人用血泪换来的经验。',
      '是不是听起来很简单？嗯，做起来也确实不难。',
      '这波操作，懂的都懂。',
      '划重点，这里要考。',
    ],
    outro: ['好啦，今天就唠到这儿。', '道理就这么些，剩下的交给行动啦。'],
    ordinals: ['头一条', '第二条', '第三条', '再来一条'],
    exampleLeads: ['比如{persona}', '举个栗子，{persona}'],
  },
  sincere_narrative: {
    intro: ['还记得第一次认真琢磨{term}，是在一个很平常的傍晚。', '我想先讲一个小故事，它和{term}有关。'],
    voice: [
      '我至今还记得当时的心情，有点忐忑，也有点期待。',
      '那段时间，我一次次想起这件事。',
      '后来回想，正是这些小小的瞬间，慢慢改变了我。',
      '身边的朋友听我说起这些，也讲了他们自己的故事。',
      '每个人的经历都不一样，但心里的那份在意是相通的。',
      '你也许会想起自己的某段经历。',
    ],
    outro: ['故事讲完了，但它留下的东西还在继续。', '谢谢你听我讲完这些。'],
    ordinals: ['先说', '再说', '还有', '另外'],
    exampleLeads: ['我想起{persona}', '记得{persona}'],
  },
  authoritative_expert: {
    intro: ['从专业角度看，{term}是一个常被误解的话题。', '在这个领域观察得越久，越会发现{term}里有不少值得澄清的地方。'],
    voice: [
      '业内比较一致的看法是，基础打得越牢，后期的空间越大。',
      '从专业角度看，这一环最容易被低估。',
      '经验表明，真正拉开差距的往往是执行中的细节。',
      '需要提醒的是，任何方法都有适用边界。',
      '这一点在实践中被反复验证过。',
      '专业的做法，是先评估，再行动。',
    ],
    outro: ['希望这些专业视角，能为你提供一个可靠的参考。', '专业的判断，终究要在实践中接受检验。'],
    ordinals: ['第一', '第二', '第三', '第四'],
    exampleLeads: ['来看一个典型案例：{persona}', '比如{persona}'],
  },
  vivid_experience: {
    intro: ['有些话题像一阵风，吹过就散了；{term}不是，它会在心里留下回响。', '{term}像一扇半掩的窗，推开之后，是另一番风景。'],
    voice: [
      '就像清晨的第一缕光，改变总是悄无声息地到来。',
      '日子像一条缓缓流淌的河，把那些用心的时刻都沉淀了下来。',
      '那种感觉，像雨后的街道上飘来的泥土清香。',
      '慢慢地，心里的那片湖也平静了下来。',
      '生活的质感，就藏在这些细小的光亮里。',
      '时间会把答案，轻轻放在我们面前。',
    ],
    outro: ['愿你在{term}里，也能遇见属于自己的那片风景。', '风会停，花会开，一切都会慢慢变好。'],
    ordinals: ['其一', '其二', '其三', '其四'],
    exampleLeads: ['我想起{persona}', '记得{persona}'],
  },
  accessible_easyread: {
    intro: ['{term}听起来有点复杂？别担心，这篇用大白话讲清楚。', '不需要任何基础，也能看懂{term}。'],
    voice: [
      '打个比方，这就像做饭，先备好菜，再开火。',
      '简单来说，就是先想好，再动手。',
      '用大白话讲，就是别贪多，一步一步来。',
      '举个生活里的例子，你就明白了。',
      '说得再直白一点：做对比做多更重要。',
      '这样理解起来，是不是容易多了？',
    ],
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
    closers: ['有问题评论区见～💬', '觉得有用就点个赞收藏吧💕', '你们还想了解什么，评论区告诉我👇'],
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
