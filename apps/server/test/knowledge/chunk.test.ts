import { countCjkLength } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../src/knowledge/index/chunk.js';

const HANZI = '新能源汽车销量增长市场渗透率首次超过比亚迪位居第一电池技术路线固态预计小批量装车价格战导致行业利润下滑部分势力企面临现金流压力出口方面欧盟对中国电动加征反补贴关税';
const ENDS = ['。', '！', '？', '；'];

/** Deterministic sentences of 15–90 characters, each ending with 。！？ or ；. */
function sentences(count: number, seed = 7): string[] {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return (state >> 8) % n;
  };
  return Array.from({ length: count }, () => {
    const length = 15 + next(76);
    let sentence = '';
    for (let i = 0; i < length; i += 1) sentence += HANZI[next(HANZI.length)];
    if (length > 40) sentence = `${sentence.slice(0, 20)}，${sentence.slice(20)}`;
    return sentence + ENDS[next(ENDS.length)];
  });
}

/** Paragraphs of a few sentences each. */
const paragraphs = (count: number, seed: number) => {
  const all = sentences(count * 4, seed);
  return Array.from({ length: count }, (_, i) => all.slice(i * 4, i * 4 + 4).join('')).join('\n\n');
};

/** The markdown heading path in force at an offset of the text (a heading starting there included). */
function headingPathAt(text: string, offset: number): string[] {
  let path: string[] = [];
  for (const match of text.matchAll(/^(#{1,6}) (.+)$/gm)) {
    if (match.index > offset) break;
    path = [...path.slice(0, match[1]!.length - 1), match[2]!];
  }
  return path;
}

describe('chunkDocument', () => {
  const text = `# 报告\n\n## 第一章\n\n${paragraphs(12, 1)}\n\n## 第二章\n\n${paragraphs(12, 2)}\n\n### 2.1 细节\n\n${paragraphs(6, 3)}`;
  const chunks = chunkDocument(text, { fileName: '报告.pdf' });

  it('makes chunks of 400–600 counted characters, the last one may be shorter', () => {
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.chars).toBe(countCjkLength(chunk.content));
      expect(chunk.chars).toBeGreaterThanOrEqual(400);
      expect(chunk.chars).toBeLessThanOrEqual(600);
    }
    expect(chunks.at(-1)!.chars).toBeLessThanOrEqual(600);
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual(chunks.map((_, i) => i));
  });

  it('ends chunks at sentence ends and loses no text', () => {
    for (const chunk of chunks) expect(chunk.content).toMatch(/[。！？；]$/);
    const joined = chunks.map((chunk) => chunk.content).join('');
    expect(joined.replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });

  it('prefixes each chunk with the heading path it starts under', () => {
    expect(chunks[0]!.headingPath).toEqual(['报告']);
    expect(chunks[0]!.text.startsWith('【报告】# 报告')).toBe(true);
    let from = 0;
    for (const chunk of chunks) {
      const at = text.indexOf(chunk.content, from);
      expect(at).toBeGreaterThanOrEqual(from);
      const path = headingPathAt(text, at);
      expect(chunk.headingPath).toEqual(path);
      expect(chunk.text).toBe(`【${path.join(' > ')}】${chunk.content}`);
      from = at + chunk.content.length;
    }
    expect(chunks.at(-1)!.headingPath).toEqual(['报告', '第二章', '2.1 细节']);
  });

  it('starts a new chunk at a heading once the current one is long enough', () => {
    for (const chunk of chunks) {
      const lines = chunk.content.split('\n');
      lines.forEach((line, i) => {
        if (i > 0 && /^#{1,6} /.test(line)) expect(countCjkLength(lines.slice(0, i).join('\n'))).toBeLessThan(400);
      });
    }
  });

  it('cuts a sentence longer than a chunk: at a comma where it can, hard only where it must', () => {
    const long = `${'甲'.repeat(250)}，${'乙'.repeat(250)}，${'丙'.repeat(250)}。${'丁'.repeat(1300)}。`;
    const parts = chunkDocument(long, { fileName: 'x.txt' });
    for (const chunk of parts.slice(0, -1)) {
      expect(chunk.chars).toBeGreaterThanOrEqual(400);
      expect(chunk.chars).toBeLessThanOrEqual(600);
    }
    expect(parts[0]!.content).toBe(`${'甲'.repeat(250)}，${'乙'.repeat(250)}，`);
    expect(parts[1]!.content).toBe(`${'丙'.repeat(250)}。${'丁'.repeat(349)}`);
    expect(parts.map((chunk) => chunk.content).join('')).toBe(long);
  });

  it('fills a short chunk from the next sentence rather than leave it short', () => {
    const text = `${'短'.repeat(350)}。${'长'.repeat(100)}，${'长'.repeat(200)}。`;
    const [first, second] = chunkDocument(text, { fileName: 'x.txt' });
    expect(first!.content).toBe(`${'短'.repeat(350)}。${'长'.repeat(100)}，`);
    expect(second!.content).toBe(`${'长'.repeat(200)}。`);
  });

  it('labels chunks of a document without headings with the file name', () => {
    const [chunk] = chunkDocument('没有标题的短文。', { fileName: 'uploads/运营笔记.txt' });
    expect(chunk).toEqual({ ordinal: 0, headingPath: [], text: '【运营笔记】没有标题的短文。', content: '没有标题的短文。', chars: 8 });
  });

  it('does not split Latin words when it has to cut hard', () => {
    const english = Array.from({ length: 900 }, (_, i) => `word${i}`).join(' ');
    const parts = chunkDocument(english, { fileName: 'en.txt' });
    expect(parts.length).toBe(2);
    expect(parts[0]!.chars).toBeLessThanOrEqual(600);
    expect(parts[0]!.content.endsWith('word599')).toBe(true);
  });

  it('does not take a # line inside a code fence for a heading', () => {
    const chunks = chunkDocument(`# 脚本\n\`\`\`bash\n# 安装依赖\nnpm ci\n\`\`\`\n${'说明文字。'.repeat(200)}`, { fileName: 'a.md' });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.headingPath).toEqual(['脚本']);
  });

  it('returns nothing for an empty text', () => {
    expect(chunkDocument(' \n\n ', { fileName: 'a.txt' })).toEqual([]);
  });
});
