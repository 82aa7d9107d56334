/** Phrases every article type shares: reasoning sentences, transitions, citations, closings. */

/** Leads that turn a claim into a reasoning sentence: 「{lead}，{claim}。」 */
export const CLAIM_LEADS = [
  '从{audience}的角度看',
  '放到{field}里看',
  '如果把时间拉长来看',
  '站在新手的位置上',
  '回到{term}本身',
  '换个角度想',
  '从实际经验来看',
  '细想一下',
  '从长远看',
  '结合身边的例子来看',
  '往深一层想',
  '就{term}而言',
  '对大多数人来说',
  '仔细观察会发现',
  '不少人的经验是',
  '放到日常里',
  '其实',
  '很多时候',
];

/**
 * Claims of no topic at all, for one purpose only: an article asked to be longer than everything
 * its topic, its domain and its type can say (a 6,000-character guide without a domain pack) is
 * filled with these, composed per task, after all else (article-combiner.ts fillerSource). The
 * sections never offer them: in an article of ordinary length they were the same sentences in
 * unrelated articles. The emptiest (有时候，慢一点反而更快) are gone.
 */
export const LAST_RESORT_CLAIMS = [
  '细节往往决定了最终的效果',
  '开始往往不难，难在持续',
  '简单的方法反复做，往往比复杂的方法偶尔做更有效',
  '看清自己的需求，比追逐别人的答案更重要',
  '把问题拆小，很多难题就会迎刃而解',
  '每个选择背后，都有需要权衡的代价',
  '很多问题的答案，其实就藏在日常的细节里',
  '外部的信息再多，也要经过自己的判断',
  '持续的小改进，累积起来就是大变化',
  '一个清晰的框架，能让思考事半功倍',
  '坦然面对不足，才能找到改进的方向',
  '好的结果，通常来自对过程的尊重',
  '同样的事情，不同的人来做，效果可能完全不同',
  '关键不在于知道多少，而在于做到多少',
  '从小处着手，往往比从大处空谈更有成效',
  '多听听不同的声音，判断会更全面',
  '把注意力放在能控制的事情上，焦虑自然会少很多',
  '没有放之四海而皆准的答案，只有更适合当下的选择',
  '每一次尝试，都在为下一次积累经验',
  '清楚自己不做什么，和知道要做什么同样重要',
  '值得反复琢磨的，往往是那些看似平常的细节',
  '比起更多信息，{audience}往往更需要一个清晰的判断',
  '把复杂的事情讲简单，本身就是一种能力',
  '先理解，再评价，是对任何事情的基本尊重',
  '真正的门槛，往往不在知识，而在行动',
  '用结果倒推过程，能发现很多被忽略的环节',
  '别人的经验可以借鉴，但不能照搬',
  '适度的压力是动力，过度的压力只会让人退缩',
  '看似偶然的结果，背后常有必然的积累',
  '能坚持下来的事情，往往都有一个足够简单的起点',
  '状态不好的时候，先做最容易的那一件',
  '想得再周全，也需要在实践中修正',
  '一件事值不值得做，要看它能不能带来长期的改变',
];


/** Short closings of an introduction or a conclusion, for the last few characters. */
export const EDGE_TAILS = { intro: ['一起来看看。', '往下看就知道了。'], conclusion: ['共勉。', '一起加油吧。'] };

/** Openers of a section that already lead on from the previous one. */
export const TRANSITION_START = /^(接下来|接着|说完|明白了|顺着|再来|再往|再看|再说|继续|此外|另外|除此之外|另一方面|与此同时|然后|下面|回到|光有|光知道|了解了|有了|前面|聊完|看完|说了这么多|聊到这里|讲到这里|前面铺开|几个方面都说到)/u;

export const TRANSITIONS = ['接下来，聊聊{short}。', '说完这些，再来看{short}。', '了解了前面的内容，下面说说{short}。', '顺着这个思路，聊聊{short}。', '接着说{short}。', '再来看{short}。'];
export const SHORT_TRANSITIONS = ['接着往下看。', '再说下一个方面。', '再往深一层看。', '顺着这个思路往下走。', '再来看下一点。', '接下来换个角度。'];
export const FIRST_TRANSITIONS = ['下面具体来看。', '先从第一点说起。'];
// NOTE: short on purpose: 「说了这么多，再把要点归拢一下」 said nothing and was the same sentence in
// every article; under a conclusion heading a few characters are enough to turn.
export const CLOSING_TRANSITIONS = ['最后收个尾。', '简单收一收。', '最后说几句。', '收个尾吧。', '最后落个脚。', '最后归拢一下。'];
export const XHS_TRANSITIONS = ['👇接着说{short}', '👇再来看{short}', '👇然后是{short}', '👇下面说说{short}'];
export const XHS_SHORT_TRANSITIONS = ['👇接着往下看', '👇继续往下说', '👇下面是重点', '👇再往下看', '👇还有这个', '👇再说一点', '👇这条也重要'];
export const XHS_CLOSING_TRANSITIONS = ['👇最后说两句', '👇最后唠两句'];

/** Sentence openers that belong to an introduction or a conclusion only. */
export const INTRO_START = /^(今天想|今天我们|今天来|本文|这篇文章|这篇|先说结论|一句话回答|直接给结论|我的答案是)/u;
export const CONCLUSION_START = /^(总之|总而言之|综上|总的来说|总结一下|综合来看|最后想说|最后，|写到这里|回到开头)/u;

/** How a section quotes its material; {cite} is the [n] marker. */
export const QUOTE_FRAMES = {
  knowledge: ['资料中有一句话说得很到位：“{quote}”{cite}。', '正如《{title}》中提到的：“{quote}”{cite}。', '参考资料里写道：“{quote}”{cite}。', '《{title}》里有这样一句：“{quote}”{cite}。'],
  web: ['有公开资料提到：“{quote}”{cite}。', '《{title}》一文中写道：“{quote}”{cite}。', '网上一篇文章说得好：“{quote}”{cite}。'],
  tight: ['资料提到：“{quote}”{cite}。', '有资料说：“{quote}”{cite}。'],
  again: ['同一份资料还提到：“{quote}”{cite}。', '资料中另一处也印证了这一点：“{quote}”{cite}。', '《{title}》里还有一个细节：“{quote}”{cite}。'],
  follow: ['这句话点出了{term}的关键。', '这和前面的思路是一致的。', '这一点，{audience}尤其值得留意。', '放在{term}上看，这句话同样适用。'],
};

/** Introduction and conclusion frames shared by all types. */
export const FRAMES = {
  audience: ['很多{audience}都有同样的想法：{need}。', '如果你是{audience}，大概也{need}。', '对{audience}来说，最要紧的往往是：{need}。'],
  preview: ['想回答的问题有这么几个：{questions}', '带着这几个问题往下读：{questions}', '下面试着回答：{questions}'],
  steps: ['下面从{list}几个方面展开。', '全文按“{list}”的顺序来讲。', '我想按{list}的次序往下说。', '分{list}几块来聊，{audience}可以挑着看。', '接下来依次是{list}。', '整篇大致分成{list}几部分。'],
  angle: ['这篇的思路是：{angle}。', '整体思路很简单：{angle}。', '我的打算是：{angle}。'],
  recap: ['回顾一下，我们聊了{list}。', '从{first}到{last}，思路其实是一条线。', '前面依次说了{list}。', '从{first}一路说到{last}，讲的其实是一件事。', '{list}，这几块连起来看才完整。'],
  tightCall: ['希望这篇{typeLabel}对{audience}有用。', '愿这篇{typeLabel}帮到{audience}。'],
  tightIntro: ['聊聊{term}，写给{audience}。', '这篇{typeLabel}写给{audience}。'],
  question: ['不少人都会问：{question}', '先抛一个问题：{question}', '这一节想弄清楚：{question}', '可以先问问自己：{question}', '常有{audience}问：{question}', '先把问题摆出来：{question}', '绕不开的一个问题是：{question}', '这里要回答的是：{question}', '换成{audience}的话来问就是：{question}'],
  selfQuestion: ['我常常问自己：{question}', '那时我一直在想：{question}', '后来我不止一次问过自己：{question}', '有个问题绕了我很久：{question}', '写到这里，我又想起那个问题：{question}'],
};

export const SEO_SENTENCES = [
  '说到这里，不得不提{kw}：它和{term}的关系，比很多人想象的更紧密。',
  '{kw}也是绕不开的一环，想把{term}做好，离不开对它的理解。',
  '顺带一提，{kw}同样值得关注，它常常影响{term}的最终效果。',
  '很多人关心{kw}，其实它和{term}是同一个问题的两面。',
];

export const SHORT_SEO_SENTENCES = ['{kw}同样值得关注。', '别忘了{kw}。', '这也关乎{kw}。'];

export const SHORT_SUMMARY = '> **导语**：写给{audience}的{typeLabel}。';

export const SUMMARY_FRAMES = {
  wechat: '> **导语**：本文围绕{topic}，从{list}几个方面，为{audience}梳理一份{typeLabel}。',
  zhihu: '> **摘要**：{verdict}。下面从{list}展开说明。',
};
