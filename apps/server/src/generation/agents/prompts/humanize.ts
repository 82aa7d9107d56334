import { countStockPhrases } from '../../style/stock-phrases.js';

/**
 * The humanising pass (去AI味, issue 16 point 7) on the model path. There is no extra call: the
 * section writers get the short rule so drafts start cleaner, and the combine pass, which reads
 * the whole draft anyway, gets the stock phrases counted in it (style/stock-phrases.ts, the list
 * of docs/stock-phrases.md) to rewrite, with the general rules.
 */

/** The short version, for every section writer. */
export const HUMANIZE_SHORT =
  '去AI味：不用“首先…其次…最后”串联要点，不用“总而言之”“综上所述”“值得注意的是”“在当今社会”“随着…的发展”“不可否认”“赋能”这类套话；句子长短交错；多写具体的人、事、数字和场景，少写空泛的判断。';

const GENERAL_RULES = [
  '不用“首先…其次…最后”“一方面…另一方面”串联要点，用内容本身的逻辑衔接。',
  '删掉或改写“总而言之”“综上所述”“值得注意的是”“需要注意的是”“不难发现”“由此可见”这类宣告式的连接语和总结语。',
  '开头不写“在当今社会”“随着…的发展”“在这个…的时代”，直接从主题里具体的人、事或问题说起。',
  '不用“赋能”“助力”“底层逻辑”“至关重要”“不可或缺”之类的空词，换成具体的动词和事实；结尾不喊“让我们一起”“未来可期”。',
  '句子长短交错，不要每句一样长、每段一样的结构；能用具体的例子、场景、数字（只用有依据的）说明的，就不写抽象的判断。',
];

/** Chains (首先…其次…) match long stretches; a reader needs only the start to find the place. */
function clip(example: string): string {
  const chars = [...example.replace(/\s+/gu, ' ')];
  return chars.length > 30 ? `${chars.slice(0, 30).join('')}…` : chars.join('');
}

/** The stock phrases found in a draft, one line each, most used first; empty for a clean draft. */
export function stockPhraseLines(draft: string): string[] {
  return countStockPhrases(draft).hits.map((hit) => {
    // A literal phrase is its own example; a frame (随着…的发展) shows where it was used.
    const examples = hit.examples.filter((example) => example !== hit.phrase).map((example) => `「${clip(example)}」`);
    return `- 「${hit.phrase}」出现 ${hit.count} 次${examples.length > 0 ? `，如：${examples.join('')}` : ''}`;
  });
}

/** The revision instruction for the combine pass over `draft`. */
export function humanizeText(draft: string): string {
  const found = stockPhraseLines(draft);
  const head =
    found.length > 0
      ? ['【去AI味】初稿里检出这些读者一看就像机器写的套话，逐处改成自然的说法（换一种说法或直接删去，不改变意思和引用标记）：', ...found]
      : ['【去AI味】初稿里没有检出常见套话；统稿时也不要引入新的套话。'];
  return [...head, '通则：', ...GENERAL_RULES.map((rule, i) => `${i + 1}. ${rule}`), '【/去AI味】'].join('\n');
}
