import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KnowledgeParseError, parseDocument } from '../../src/knowledge/parse/index.js';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../fixtures/kb', name));

async function refusal(promise: Promise<unknown>): Promise<KnowledgeParseError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(KnowledgeParseError);
  return error as KnowledgeParseError;
}

describe('PDF fixtures', () => {
  it('sample.pdf: headings as # lines, table rows, broken lines joined, stray spaces removed', async () => {
    const doc = await parseDocument(fixture('sample.pdf'), 'sample.pdf');
    expect(doc.type).toBe('pdf');
    expect(doc.pages).toBe(1);
    expect(doc.text).toContain('# 2024年新能源汽车行业研究报告');
    for (const heading of ['一、市场概况', '二、主要企业对比', '三、电池技术路线', '四、风险提示']) {
      expect(doc.text).toContain(`## ${heading}`);
    }
    expect(doc.headings).toEqual(['2024年新能源汽车行业研究报告', '一、市场概况', '二、主要企业对比', '三、电池技术路线', '四、风险提示']);
    expect(doc.text).toContain('| 企业 | 销量（万辆） | 同比增长 |');
    expect(doc.text).toContain('| 比亚迪 | 427 | 41% |');
    expect(doc.text).toContain('| 特斯拉中国 | 92 | -2% |');
    // 比⏎亚迪 and 加⏎征 were broken by the margin; 2024 年 and 1286.6 万辆 had gaps at font changes.
    expect(doc.text).toContain('超过40%。比亚迪以427万辆的销量继续位居第一。');
    expect(doc.text).toContain('欧盟对中国电动车加征反补贴关税。');
    expect(doc.text).toContain('2024年，中国新能源汽车销量达到1286.6万辆');
    expect(doc.text).toContain('- 宁德时代：麒麟电池，能量密度255Wh/kg');
    expect(doc.chars).toBeGreaterThan(250);
  });

  it('cidfont.pdf: text in a non-embedded Chinese font comes out through the character maps', async () => {
    const doc = await parseDocument(fixture('cidfont.pdf'), 'cidfont.pdf');
    expect(doc.text).toBe('新能源汽车销量增长，比亚迪位居第一。');
    expect(doc.chars).toBe(18);
  });

  it('scanned.pdf is refused as a scan, with the message that says why', async () => {
    const error = await refusal(parseDocument(fixture('scanned.pdf'), 'scanned.pdf'));
    expect(error.reason).toBe('scanned_pdf');
    expect(error.userMessage).toBe('该PDF似乎是扫描件（图片），无法提取文字，请上传可复制文字的PDF或转换为文本后再上传');
  });

  it('big.pdf (96 pages) parses; the time is logged, not asserted', async () => {
    const started = performance.now();
    const doc = await parseDocument(fixture('big.pdf'), 'big.pdf');
    const ms = performance.now() - started;
    console.log(`big.pdf: ${doc.pages} pages, ${doc.chars} chars in ${ms.toFixed(0)} ms (${((ms / doc.pages!) * 10).toFixed(0)} ms per 10 pages)`);
    expect(doc.pages).toBe(96);
    expect(doc.text).toContain('# 第96章');
    expect(doc.text.match(/比亚迪以427万辆的销量继续位居第一。/g)?.length).toBeGreaterThanOrEqual(96);
  });
});

describe('DOCX fixtures', () => {
  it('sample.docx: headings as #, the table as | rows |, the list as - items', async () => {
    const doc = await parseDocument(fixture('sample.docx'), 'sample.docx');
    expect(doc.type).toBe('docx');
    expect(doc.text.startsWith('# 2024年新能源汽车行业研究报告\n\n## 一、市场概况\n\n2024年，中国新能源汽车销量')).toBe(true);
    expect(doc.text).toContain('## 四、风险提示');
    expect(doc.text).toContain('| 企业 | 销量（万辆） | 同比增长 |\n| --- | --- | --- |\n| 比亚迪 | 427 | 41% |');
    expect(doc.text).toContain('| 理想汽车 | 50 | 33% |');
    expect(doc.text).toContain('- 比亚迪：刀片电池，强调安全性');
    expect(doc.headings).toHaveLength(5);
    expect(doc.chars).toBeGreaterThan(250);
  });

  it('big.docx parses; the time is logged', async () => {
    const started = performance.now();
    const doc = await parseDocument(fixture('big.docx'), 'big.docx');
    console.log(`big.docx: ${doc.chars} chars in ${(performance.now() - started).toFixed(0)} ms`);
    expect(doc.headings!.length).toBeGreaterThan(100);
    expect(doc.text).toContain('| 特斯拉中国 | 92 | -2% |');
  });
});
