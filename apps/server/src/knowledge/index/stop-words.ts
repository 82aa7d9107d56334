/**
 * Words too common to tell one passage from another: Chinese function words, pronouns,
 * auxiliaries and connectives, plus English ones. Punctuation is dropped by pattern in
 * tokenize.ts. Kept short on purpose: a word missing here costs a little ranking precision, a
 * content word wrongly listed here makes it unsearchable.
 */
const CHINESE = `
的 地 得 了 着 过 之 其 与 及 和 跟 同 或 或者 而 而且 并 并且 且 以及 还是 也 又 都 就 才 还 再
是 为 为了 被 把 将 让 给 对 对于 关于 向 从 自 自从 由 于 在 到 至 以 以便 因 因为 所以 因此 由于
但 但是 可是 然而 不过 虽然 虽 即使 如果 假如 要是 只要 只有 除非 无论 不管 那么 于是 然后 可见
我 我们 你 你们 您 他 他们 她 她们 它 它们 自己 咱们 大家 人家 别人
这 那 这个 那个 这些 那些 这里 那里 这儿 那儿 这样 那样 这么 那么 这种 那种 此 该 每 各 某 本
哪 哪里 哪些 什么 怎么 怎样 怎么样 如何 为什么 多少 几 谁
啊 吧 呢 吗 嘛 呀 哦 哈 啦 呗 嗯 哎 喔
个 些 一些 一个 一种 一样 有些 有的 等 等等 之类 方面 以上 以下 之一 其中 其他 其它 另外
很 非常 太 更 最 比较 挺 十分 极 越 越来越 已 已经 曾 曾经 正在 将要 可能 能 能够 可以 会 要 应 应该
没 没有 不 不是 别 无 非 有 有着 具有 就是 也是 都是 还有 只是 只 仅 仅仅 即 便 则 却 乃 如 像 比
上 下 中 里 内 外 前 后 时 时候 当 当时 之后 之前 以后 以前 一直 一起 一下 一点 起来 出来 下来
`;

const ENGLISH = `
a an the and or but if then else of to in on at by for with from as into onto about over under
is are was were be been being am do does did done have has had having it its this that these
those there here which who whom whose what when where why how not no nor so than too very can
will would should could may might must shall i me my we our you your he him his she her they
them their
`;

export const STOP_WORDS: ReadonlySet<string> = new Set(`${CHINESE} ${ENGLISH}`.split(/\s+/).filter(Boolean));
