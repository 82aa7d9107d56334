import type { ComposeContext } from './compose-context.js';

/**
 * A comparison (A还是B, A vs B, A和B哪个好) is about two options, not one product: the type's
 * verdicts (「{term}整体表现不错」) would praise 「iPhone 17和Pixel 10」 as if it were one thing.
 * These lines name each option and say only what holds for any honest comparison: no winner
 * without knowing the reader's needs, and how to find out which one fits.
 */

export function comparedOptions(ctx: ComposeContext): [string, string] | undefined {
  const options = ctx.parsed.form === 'comparison' ? ctx.parsed.options : undefined;
  return options && options.length >= 2 ? [options[0]!, options[1]!] : undefined;
}

const VERDICTS = [
  '{a}和{b}没有绝对的高下，关键看你最在意哪一项',
  '{a}和{b}各有适合的人，先想清楚自己的需求，答案就出来了',
  '选{a}还是{b}，取决于你的使用场景，而不是谁的名气更大',
];

const LINES = [
  '把{a}和{b}放在一起看，先别急着比细节，先问自己最常用的是哪几个场景。',
  '{a}的长处，可能恰好是{b}的短处，反过来也一样，所以不存在对所有人都更好的那一个。',
  '如果你最在意的那一项上{a}明显更合适，其他小差别都可以放一放；对{b}也是同样的道理。',
  '选{a}还是{b}，可以列一张简单的表：左边写你每天真正会用到的几件事，右边写两者在这几件事上的差别。',
  '网上的对比各有立场，最好能亲手试一试{a}和{b}，哪怕只是十几分钟。',
  '换个角度想，选错的代价有多大？如果换起来不麻烦，先选一个用起来，比一直比较更划算。',
  '在{a}和{b}之间犹豫很久，往往说明两者的差别本来就不大，这时选顺手、省心的那个就好。',
  '别只看{a}和{b}最亮眼的那一项，也看看各自的短板你能不能接受。',
  '身边用过{a}或{b}的人，他们的抱怨往往比夸奖更有参考价值。',
  '把预算、习惯和要用多久这三件事想清楚，{a}和{b}之间的选择会简单很多。',
];

const fill = (template: string, [a, b]: [string, string]) => template.replaceAll('{a}', a).replaceAll('{b}', b);

const INTRO_LINES = [
  '这篇不替你做决定，只把{a}和{b}各自适合什么人、差在哪里理清楚。',
  '{a}和{b}怎么选，先看用途，再看预算，最后才轮到细节。',
  '比较{a}和{b}之前，值得先弄清楚自己最常用的是什么。',
];

/** The introduction's line of a comparison, or none when the request compares nothing. */
export function comparisonIntroLines(ctx: ComposeContext): string[] | undefined {
  const options = comparedOptions(ctx);
  return options ? INTRO_LINES.map((line) => fill(line, options)) : undefined;
}

/** The verdicts an article opens or closes with: the comparison's own when it is one. */
export function verdictsOf(ctx: ComposeContext): string[] {
  const options = comparedOptions(ctx);
  return options ? VERDICTS.map((verdict) => fill(verdict, options)) : ctx.shape.verdicts;
}

/** Two comparison sentences for body section `index` (1-based), a different pair per section. */
export function comparisonLines(ctx: ComposeContext, index: number, offset: number): string[] {
  const options = comparedOptions(ctx);
  if (!options) return [];
  const at = (index - 1) * 2 + offset;
  return [LINES[at % LINES.length]!, LINES[(at + 1) % LINES.length]!].map((line) => fill(line, options));
}
