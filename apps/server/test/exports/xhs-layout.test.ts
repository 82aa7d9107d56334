import { describe, expect, it } from 'vitest';
import { type CardBlock, cardBlocks, cardText } from '../../src/exports/card-blocks.js';
import { type CardPage, layoutCards, type Measure } from '../../src/exports/xhs-layout.js';

/** Every character as wide as the font is tall, like a CJK font. */
const measure: Measure = (text, font) => Array.from(text).length * font.size;
const WIDTH = 760; // 20 characters at 38px
const HEIGHT = 1000;

const pageHeight = (page: CardPage) =>
  page.blocks.reduce((sum, block) => sum + block.before + block.lines.length * block.metrics.lineHeight + block.metrics.padding, 0);

const para = (chars: number, ch = '字'): CardBlock => ({ kind: 'paragraph', text: ch.repeat(chars) });

describe('cardBlocks', () => {
  it('turns markdown into plain blocks, leaving out the title, images and rules', () => {
    const blocks = cardBlocks(
      [
        '# 标题',
        '',
        '第一段**加粗**和[链接](https://a.example)。',
        '第二行接着写。',
        '',
        '![图](/media/articles/x.png)',
        '',
        '## 小节',
        '',
        '- 甲',
        '  - 乙',
        '- [x] 丙',
        '',
        '3. 三',
        '',
        '> 引用',
        '',
        '---',
        '',
        '```',
        '  code()',
        '```',
        '',
        '| a | b |',
        '|---|---|',
        '| 1 | 2 |',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', text: '第一段加粗和链接。第二行接着写。' },
      { kind: 'heading', text: '小节' },
      { kind: 'item', text: '甲', marker: '•', depth: 0 },
      { kind: 'item', text: '乙', marker: '◦', depth: 1 },
      { kind: 'item', text: '丙', marker: '☑', depth: 0 },
      { kind: 'item', text: '三', marker: '3.', depth: 0 },
      { kind: 'quote', text: '引用' },
      { kind: 'code', text: '  code()' },
      { kind: 'paragraph', text: 'a ｜ b' },
      { kind: 'paragraph', text: '1 ｜ 2' },
    ]);
  });

  it('joins Chinese lines without a space and drops emoji the font cannot draw', () => {
    expect(cardText('速度。\n想清楚 AI\n工具🚀 很好')).toBe('速度。想清楚 AI 工具 很好');
  });
});

describe('layoutCards', () => {
  it('places every line once, in order, within the width and the height', () => {
    const blocks: CardBlock[] = [];
    for (let i = 0; i < 12; i++) blocks.push({ kind: 'heading', text: `小节${'标'.repeat(i % 3)}` }, para(30 + i * 17, String.fromCharCode(0x4e00 + i)));
    const layout = layoutCards(blocks, measure, { width: WIDTH, height: HEIGHT, maxCards: 20 });
    expect(layout.truncated).toBe(false);
    const placed = layout.pages.flatMap((page) => page.blocks);
    for (const page of layout.pages) expect(pageHeight(page)).toBeLessThanOrEqual(HEIGHT);
    for (const block of placed) {
      for (const line of block.lines) expect(measure(line, block.metrics.font)).toBeLessThanOrEqual(WIDTH - block.metrics.indent);
    }
    const text = (kind: string) =>
      placed
        .filter((block) => block.kind === kind)
        .flatMap((block) => block.lines)
        .join('');
    expect(text('paragraph')).toBe(blocks.filter((block) => block.kind === 'paragraph').map((block) => block.text).join(''));
  });

  it('keeps a heading with what follows and never leaves one line alone after a split', () => {
    const blocks: CardBlock[] = [para(20 * 12), { kind: 'heading', text: '不要孤零零地待在卡片底部' }, para(20 * 10), para(20 * 30)];
    const layout = layoutCards(blocks, measure, { width: WIDTH, height: HEIGHT, maxCards: 20, scales: [1] });
    for (const page of layout.pages) expect(page.blocks.at(-1)?.kind).not.toBe('heading');
    const paragraphs = layout.pages.flatMap((page) => page.blocks).filter((block) => block.kind === 'paragraph');
    for (const block of paragraphs) expect(block.lines.length).toBeGreaterThanOrEqual(2);
  });

  it('moves a paragraph whole to the next card when this one is mostly full', () => {
    const layout = layoutCards([para(20 * 11), para(20 * 6)], measure, { width: WIDTH, height: HEIGHT, maxCards: 5, scales: [1] });
    expect(layout.pages.map((page) => page.blocks.map((block) => block.lines.length))).toEqual([[11], [6]]);
  });

  it('shrinks the text before giving up, then stops at the card limit', () => {
    const fitsSmaller = Array.from({ length: 28 }, () => para(20 * 3));
    const shrunk = layoutCards(fitsSmaller, measure, { width: WIDTH, height: HEIGHT, maxCards: 6 });
    expect(shrunk.truncated).toBe(false);
    expect(shrunk.scale).toBeLessThan(1);

    const tooLong = Array.from({ length: 60 }, () => para(20 * 3));
    const cut = layoutCards(tooLong, measure, { width: WIDTH, height: HEIGHT, maxCards: 6 });
    expect(cut.truncated).toBe(true);
    expect(cut.pages).toHaveLength(6);
  });
});
