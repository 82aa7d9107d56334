import { describe, expect, it } from 'vitest';
import { docxHtmlToText } from '../../src/knowledge/parse/docx-html.js';
import { parseDocument } from '../../src/knowledge/parse/index.js';
import { normalizeMarkdown } from '../../src/knowledge/parse/parse-markdown.js';

describe('markdown', () => {
  it('keeps its marks, turns setext headings into # lines and lists the headings', () => {
    const { text, headings } = normalizeMarkdown('运营手册\n====\n\n小红书种草\n---\n\n正文**加粗**。\n\n```\n# 代码里的井号\n```\n\n### 三级 ###\n');
    expect(text).toBe('# 运营手册\n\n## 小红书种草\n\n正文**加粗**。\n\n```\n# 代码里的井号\n```\n\n### 三级 ###');
    expect(headings).toEqual(['运营手册', '小红书种草', '三级']);
  });

  it('drops a YAML front matter block', () => {
    expect(normalizeMarkdown('---\ntitle: x\n---\n# 标题\n正文').text).toBe('# 标题\n正文');
  });

  it('parses as md with its headings', async () => {
    const doc = await parseDocument(Buffer.from('# 标题\r\n\r\n\r\n\r\n正文。\r\n'), '笔记.md');
    expect(doc).toMatchObject({ type: 'md', text: '# 标题\n\n正文。', chars: 5, headings: ['标题'], encoding: 'utf-8' });
  });
});

describe('mammoth HTML to text', () => {
  it('headings, paragraphs, line breaks, nested lists, tables with block cells', () => {
    const html =
      '<h1>报告</h1><p>第一段<br />换行&amp;继续</p><h3>小节</h3>' +
      '<ol><li>一<ul><li>甲</li></ul></li><li>二</li></ol>' +
      '<table><thead><tr><th><p>项目</p></th><th><p>说明</p></th></tr></thead>' +
      '<tbody><tr><td><p>A|B</p><p>续</p></td><td>值</td></tr></tbody></table>' +
      '<p><img src="" />图后文字</p><p> </p>';
    const { text, headings } = docxHtmlToText(html);
    expect(text).toBe(
      [
        '# 报告',
        '第一段\n换行&继续',
        '### 小节',
        '1. 一\n  - 甲\n2. 二',
        '| 项目 | 说明 |\n| --- | --- |\n| A\\|B 续 | 值 |',
        '图后文字',
      ].join('\n\n'),
    );
    expect(headings).toEqual(['报告', '小节']);
  });
});
