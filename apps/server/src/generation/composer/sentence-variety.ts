import { countCjkLength } from '@tianma/shared';
import { hashString } from '../../platform/seeded-random.js';
import type { ComposeContext } from './compose-context.js';
import { fillTemplate } from './phrasebook.js';

/**
 * Composition of a phrasebook line (WRITING.md §4): a sentence = opener × claim × reason or
 * aside × connective, each part drawn per task (the seed holds the brief's variant) and per place
 * in the article, so the same claim never reads the same way in two articles, or twice in one.
 * The parts say nothing of their own: no figure, name, date or source, only the speaker's stance
 * and the brief's own slots (audience, field, subject).
 */

/** Stance openers for reasoning sentences; each is followed by the claim. */
export const ARGUMENT_OPENERS = [
  '说实话，', '坦白讲，', '在我看来，', '依我看，', '老实说，', '要我说，', '平心而论，', '客观地讲，',
  '说到底，', '照我的理解，', '就我所见，', '多说一句，', '我的体会是，', '我越来越觉得，', '说句实在话，',
  '我一直觉得，', '不得不承认，', '可以这么理解：', '有一点我比较确定：', '讲得直白些，', '我的判断是，',
  '这么说吧，', '认真想想，', '退一步说，', '冷静下来看，', '就{audience}而言，', '放在{field}里，',
  '具体到{term}，', '落到{term}上，', '在{term}这件事上，', '对{audience}来说，', '站在{audience}这边看，',
];

/** Reasons and asides after a reasoning claim: 「{claim}，{tail}。」 */
export const ARGUMENT_TAILS = [
  '这一点对{audience}尤其明显', '放在{term}上也一样', '{field}里同样如此', '很多{audience}都有体会',
  '道理简单，做到却不容易', '值得多想一步', '越往后越能看出来', '至少在{term}这件事上是这样',
  '不妨记在心里', '这一点别忽略', '说起来容易，做起来要花些功夫', '这也是容易被略过的地方',
  '{audience}尤其该留意', '谈{term}时更是如此', '原因并不复杂', '想通了这一点，后面会顺很多',
  '这比看上去更要紧', '回头看常常如此', '哪怕只是起步阶段也一样', '这条经常被低估',
];

/** Openers for lines of a story or an essay: they turn the line toward remembering or reflecting. */
export const NARRATIVE_OPENERS = [
  '说起来，', '如今想来，', '现在回想，', '老实说，', '说实话，', '坦白讲，', '回过头看，', '后来想想，',
  '细想起来，', '说来也怪，', '想起这些，', '每次想到这里，', '我常想，', '不瞒你说，', '说到底，',
  '隔了一段时间再看，', '如今回头，', '静下来想，', '我慢慢发现，', '现在想想，',
];

/** Openers that still read well before a line that starts with a time or stance of its own. */
const SOFT_NARRATIVE_OPENERS = ['说起来，', '老实说，', '说实话，', '坦白讲，', '不瞒你说，', '讲真，', '想来，', '怎么说呢，'];

/** The narrator's present stance after a line of a story: 「{line}，{tail}。」 */
export const NARRATIVE_TAILS = [
  '这一点我记了很久', '现在说起来还有些感慨', '直到今天也没有忘', '如今想来也算一段插曲', '这是后来才慢慢意识到的',
  '当时并没有多想', '说出来也许有点平常', '跟{term}有关的记忆大多如此', '想起来心里还是一动', '这些都是后来才看清的',
  '写下来才发现记得这么清楚', '那时候只觉得平常', '说不上是好是坏', '回想起来有点好笑', '也许你也有过类似的时刻', '现在提起来已经能平静地讲',
];

/** Lines the combiner or the fitting recognise by their start keep it; they only get a tail. */
const KEEP_START = /^(首先|其次|再次|最后|第[一二三四五六七八九十]|[一二三四五六七八九十]是|接下来|接着|说完|顺着|再来|再往|再看|再说|此外|另外|下面|回到|聊完|说了这么多|今天|本文|这篇|先说|先声明|值得注意|值得一提|需要注意|不难|由此|总而言之|综上|众所周知|毋庸置疑|不可否认|显而易见|简而言之|一句话|直接|我的答案|总之|总结|综合|写到|如果|对于|关于|\*|>|-|“|「|《|\[|#)/u;
const EXISTING_STANCE = /^(说实话|坦白|老实说|在我看来|依我看|其实|说到底|说起来|如今|现在|回过头|回头|后来|慢慢|渐渐|那时|那段|那天|那阵|有那么|静下来|原来|或许|也许|可能|当然|不过|但|可是|所以|因此|而且|同时|比如|例如|打个比方|换句话说)/u;
/** Closing courtesies (thanks, wishes, calls to share) stay as they are. */
const COURTESY = /谢谢|感谢|欢迎|愿你|愿这|但愿|希望对|希望这篇|祝你|祝大家|点赞|收藏|点个关注|关注我|转发|留言|评论区|“在看”|共勉|加油/u;

function draw(list: readonly string[], key: string): string {
  return list[hashString(key) % list.length]!;
}

/**
 * One phrasebook line composed for this task and place (`place` is unique within the article:
 * section index and what the line is). Lines that are not one plain sentence ending in 。, lines
 * of fewer than 10 CJK characters (too short to be counted as a sentence), courtesies, and lines with a citation are returned as they are.
 */
export function composeLine(ctx: ComposeContext, line: string, place: string, options: { led?: boolean } = {}): string {
  const text = line.trim();
  if (!/^[^。！？\n]+。$/u.test(text) || /\[\d+\]/u.test(text) || COURTESY.test(text) || countCjkLength(text) < 10) return line;
  const key = `${ctx.seed}|compose|${place}|${text}`;
  const roll = hashString(key) % 100;
  const narrative = ctx.brief.articleType === 'experience_story_essay';
  // NOTE: an argued line that already has its lead (「从实际经验来看，…」) takes no stance word before
  // it: 「说实话，从实际经验来看，…」 stacks two openers, a tic readers notice. (A story line still may:
  // the essay's sections need those pieces to reach their budgets; see the report of this change.)
  const canOpen = !options.led && !KEEP_START.test(text) && !EXISTING_STANCE.test(text);
  const canTail = !/[：:；]/u.test(text) && countCjkLength(text) <= 34;
  // A part that names the subject or the audience is left out when the line already names them.
  const named = (slot: string) => Boolean(ctx.slots[slot]) && text.includes(ctx.slots[slot]!);
  const fresh = (list: readonly string[]) => list.filter((part) => !(part.includes('{term}') && named('term')) && !(part.includes('{audience}') && named('audience')));
  let opener = '';
  let tail = '';
  if (narrative) {
    // A story line gets an opener (a soft one before its own time or stance word) and often the narrator's aside.
    if (!KEEP_START.test(text)) opener = draw(fresh(EXISTING_STANCE.test(text) ? SOFT_NARRATIVE_OPENERS : NARRATIVE_OPENERS), `${key}|o`);
    const essay = ctx.brief.articleType === 'experience_story_essay';
    if (essay && countCjkLength(text) <= 30 && !/[：:；]/u.test(text) && (roll >= 60 || !opener)) tail = draw(fresh(NARRATIVE_TAILS), `${key}|t`);
  } else {
    // NOTE: sparingly: a stance word on most sentences, and a tail on many, is itself the
    // machine-written tic readers notice; a line left plain reads best.
    if (canOpen && (roll < 60 || (!canTail && roll < 70))) opener = draw(fresh(ARGUMENT_OPENERS), `${key}|o`);
    if (canTail && roll >= 80) tail = draw(fresh(ARGUMENT_TAILS), `${key}|t`);
  }
  if (!opener && !tail) return line;
  const body = text.slice(0, -1);
  const slots = { ...ctx.slots };
  return fillTemplate(`${opener}${body}${tail ? `，${tail}` : ''}。`, slots);
}

/** The last line of an article on each platform: a short invitation, drawn per task. */
const CLOSERS: Record<'wechat' | 'zhihu', { asks: string[] }> = {
  wechat: { asks: ['你怎么看？欢迎留言。', '觉得有用就转给朋友。', '欢迎留言聊聊。', '觉得有启发，点个“在看”。', '先写到这里。'] },
  zhihu: { asks: ['希望对你有帮助。', '欢迎在评论区讨论。', '觉得有用请点赞收藏。', '有不同意见，评论区见。', '说得不对，欢迎指正。'] },
};

/**
 * The platform's closing line; Xiaohongshu keeps its own short ones (`fallback`). A sign-off of
 * the lead alone or the invitation alone: the two together (「关于□，暂时就聊这些，你有不同的经验，
 * 也欢迎留言告诉我」) were a long sentence that said nothing and closed article after article.
 */
export function composeCloser(ctx: ComposeContext, fallback: string): string {
  const bank = ctx.brief.platform === 'wechat' || ctx.brief.platform === 'zhihu' ? CLOSERS[ctx.brief.platform] : undefined;
  if (!bank) return fallback;
  const key = `${ctx.seed}|closer`;
  return fillTemplate(draw(bank.asks, `${key}|a`), ctx.slots);
}
