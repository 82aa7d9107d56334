import { describe, expect, it } from 'vitest';
import { cleanPdfPages, collapseBlankLines, isPageNumberLine, joinBrokenLine, tidySpaces } from '../../src/knowledge/parse/clean-text.js';
import { layoutPage, markLines, type PdfTextItem } from '../../src/knowledge/parse/pdf-lines.js';

describe('tidySpaces', () => {
  it('removes the spaces a PDF leaves between Chinese and digits', () => {
    expect(tidySpaces('2024 年，销量达到 1286.6 万辆，增长 35.5% ，排名第 1')).toBe('2024年，销量达到1286.6万辆，增长35.5%，排名第1');
  });

  it('removes spaces between Chinese characters, letter-spaced titles included', () => {
    expect(tidySpaces('中 国 新 能 源')).toBe('中国新能源');
    expect(tidySpaces('市场概况 。 比亚迪')).toBe('市场概况。比亚迪');
    expect(tidySpaces('\u3000\u3000首行缩进的段落')).toBe('首行缩进的段落');
  });

  it('keeps spaces around Latin words and between them', () => {
    expect(tidySpaces('用 ChatGPT 写  一篇 blog post')).toBe('用 ChatGPT 写一篇 blog post');
  });
});

describe('joining lines the margin broke', () => {
  it('比⏎亚迪 → 比亚迪, when the line reached the margin and the sentence goes on', () => {
    const text = cleanPdfPages([
      [
        { text: '2024 年，市场渗透率首次超过 40%。比', wrapped: true },
        { text: '亚迪以 427 万辆的销量继续位居第一。', wrapped: false },
      ],
    ]);
    expect(text).toBe('2024年，市场渗透率首次超过40%。比亚迪以427万辆的销量继续位居第一。');
  });

  it('keeps a line break after a finished sentence, a short line, a heading or a table row', () => {
    const text = cleanPdfPages([
      [
        { text: '一、市场概况', headingLevel: 2 },
        { text: '这一行到了页边但句子已经结束。', wrapped: true },
        { text: '短行', wrapped: false },
        { text: '下一行', wrapped: true },
        { text: '企业\t销量', wrapped: true },
        { text: '比亚迪\t427' },
      ],
    ]);
    expect(text).toBe('## 一、市场概况\n这一行到了页边但句子已经结束。\n短行\n下一行\n| 企业 | 销量 |\n| 比亚迪 | 427 |');
  });

  it('joins across a page break, after dropping the page number', () => {
    const text = cleanPdfPages([
      [{ text: '正文第一页' }, { text: '出口方面，欧盟对中国电动车加', wrapped: true }, { text: '- 1 -' }],
      [{ text: '征反补贴关税。' }, { text: '第 2 页' }],
    ]);
    expect(text).toBe('正文第一页\n出口方面，欧盟对中国电动车加征反补贴关税。');
  });

  it('joins Latin words with a space and mends a hyphenated word', () => {
    expect(joinBrokenLine('the quick brown', 'fox')).toBe('the quick brown fox');
    expect(joinBrokenLine('a knowl-', 'edge base')).toBe('a knowledge base');
    expect(joinBrokenLine('使用', 'ChatGPT')).toBe('使用ChatGPT');
  });
});

describe('page numbers', () => {
  it('recognises the usual forms', () => {
    for (const line of ['3', '- 3 -', '— 12 —', '第 3 页', '第3页，共10页', '3 / 10', 'Page 3', 'page 3 of 10']) {
      expect(isPageNumberLine(line), line).toBe(true);
    }
    for (const line of ['3月份销量', '第三章', '2024年', '12345']) expect(isPageNumberLine(line), line).toBe(false);
  });

  it('drops them only at the top or bottom of a page', () => {
    const text = cleanPdfPages([[{ text: '12' }, { text: '正文' }, { text: '中间' }, { text: '2024' }, { text: '结尾' }, { text: '再一行' }, { text: '12' }]]);
    expect(text).toBe('正文\n中间\n2024\n结尾\n再一行');
  });
});

it('collapseBlankLines', () => {
  expect(collapseBlankLines('\r\n一  \r\n\r\n\r\n\r\n二\t\n\n\n三\n')).toBe('一\n\n二\n\n三');
});

/** A text item as pdf.js gives it: font size in the matrix, x and y last. */
const item = (str: string, x: number, width: number, options: { size?: number; y?: number; eol?: boolean } = {}): PdfTextItem => {
  const size = options.size ?? 12;
  return { str, transform: [size, 0, 0, size, x, options.y ?? 700], width, hasEOL: options.eol ?? false };
};

describe('laying out pdf.js text items', () => {
  it('drops the gap at a font change, keeps word spaces, turns wide gaps into cells', () => {
    const page = layoutPage(
      [
        item('2024', 56.8, 24),
        item(' ', 80.8, 2.4),
        item('年，销量', 83.2, 48, { eol: true }),
        item('比亚迪', 58.3, 36, { y: 680 }),
        item('427', 124.3, 18, { y: 680 }),
        item('41%', 201.6, 22, { y: 680, eol: true }),
        item('quick', 56.8, 30, { y: 660 }),
        item('brown', 89.8, 30, { y: 660 }),
      ],
      595,
    );
    expect(page.lines.map((line) => line.text)).toEqual(['2024年，销量', '比亚迪\t427\t41%', 'quick brown']);
  });

  it('marks lines that reach the margin as wrapped and large short lines as headings', () => {
    const body = '这是正文这是正文这是正文这是正文这是正文这是正文这是正文这是正文这是正';
    const [lines] = markLines([
      layoutPage(
        [
          item('报告标题', 56.8, 96, { size: 24, eol: true }),
          item('第一章', 56.8, 54, { size: 18, eol: true, y: 660 }),
          item(body, 56.8, 504, { eol: true, y: 640 }),
          item('文。', 56.8, 24, { eol: true, y: 620 }),
          item(body, 56.8, 504, { eol: true, y: 600 }),
          item('文。', 56.8, 24, { y: 580 }),
        ],
        595,
      ),
    ]);
    expect(lines!.map((line) => [line.headingLevel ?? 0, line.wrapped])).toEqual([
      [1, false],
      [2, false],
      [0, true],
      [0, false],
      [0, true],
      [0, false],
    ]);
    expect(cleanPdfPages([lines!])).toBe(`# 报告标题\n## 第一章\n${body}文。\n${body}文。`);
  });
});
