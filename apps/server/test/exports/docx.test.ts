import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { buildDocx } from '../../src/exports/docx.js';

const noImages = async () => null;
const documentXml = (file: Buffer) => new TextDecoder().decode(unzipSync(new Uint8Array(file))['word/document.xml']);
const numIds = (xml: string) => Array.from(xml.matchAll(/<w:numId w:val="(\d+)"\/>/g), (match) => match[1]);

describe('buildDocx', () => {
  it('adds the title as a heading when the text has none, and keeps code and quotes as text', async () => {
    const file = await buildDocx({ title: '没有标题的文章', markdown: '## 小节\n\n> 引用\n\n```\nconst a = 1;\n```\n\n段落 `x` &amp; y', loadImage: noImages });
    const { value } = await mammoth.convertToHtml({ buffer: file });
    expect(value.startsWith('<h1>没有标题的文章</h1><h2>小节</h2>')).toBe(true);
    expect(value).toContain('引用');
    expect(value).toContain('const a = 1;');
    expect(value).toContain('段落 x &amp; y');
    expect(documentXml(file)).toContain('w:ascii="Consolas"');
  });

  it('numbers "1. … paragraph … 3." as one list and a new "1." as another', async () => {
    const file = await buildDocx({ title: 't', markdown: '# t\n\n1. 甲\n2. 乙\n\n说明\n\n3. 丙\n\n段落\n\n1. 新的\n2. 列表', loadImage: noImages });
    const ids = numIds(documentXml(file));
    expect(ids).toHaveLength(5);
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(new Set(ids.slice(3)).size).toBe(1);
    expect(ids[3]).not.toBe(ids[0]);
  });

  it('keeps the alt text of an image it cannot embed', async () => {
    const file = await buildDocx({ title: 't', markdown: '# t\n\n![一张外链图片](https://images.example.com/a.png)', loadImage: noImages });
    const { value } = await mammoth.convertToHtml({ buffer: file });
    expect(value).not.toContain('<img');
    expect(value).toContain('一张外链图片');
  });
});
