import { describe, expect, it } from 'vitest';
import { decodeText, detectTextEncoding } from '../../src/knowledge/parse/decode-text.js';
import { parseDocument } from '../../src/knowledge/parse/index.js';
import { encodeGb18030, encodeGbk, encodeUtf8, encodeUtf16 } from './helpers/encode.js';

const MIXED = '小红书种草笔记：2024年，一个新的开始！\n第二段包含 English words 和数字 123。\n最后一行；结束。';
/** Not a single ASCII character: UTF-16 of it has no zero byte to give it away. */
const PURE_CHINESE = '小红书种草笔记，公众号爆款文章。视频号私域带货，个个都不能少！';
/** 一 is U+4E00: its UTF-16 has a zero in the "wrong" place for the zero-byte pattern. */
const MANY_YI = '一一二三，一个一个地数。一年又一年，一天一天过去。';

describe('text encodings are detected, not guessed', () => {
  const cases: [string, Buffer, string][] = [
    ['UTF-8', encodeUtf8(MIXED, false), 'utf-8'],
    ['UTF-8 with BOM', encodeUtf8(MIXED, true), 'utf-8'],
    ['GBK', encodeGbk(MIXED), 'gb18030'],
    ['UTF-16LE with BOM', encodeUtf16(MIXED, 'le', true), 'utf-16le'],
    ['UTF-16BE with BOM', encodeUtf16(MIXED, 'be', true), 'utf-16be'],
    ['UTF-16LE without BOM', encodeUtf16(MIXED, 'le', false), 'utf-16le'],
    ['UTF-16BE without BOM', encodeUtf16(MIXED, 'be', false), 'utf-16be'],
  ];
  for (const [label, bytes, encoding] of cases) {
    it(`${label} decodes to the same text`, () => {
      const decoded = decodeText(bytes);
      expect(decoded.encoding).toBe(encoding);
      expect(decoded.text).toBe(MIXED);
    });
  }

  it('GB18030: characters outside GBK (four-byte form) decode too', () => {
    const text = `${MIXED}扩展字符㐀。`;
    const bytes = encodeGb18030(text);
    expect(() => encodeGbk(text)).toThrow();
    expect(decodeText(bytes)).toEqual({ text, encoding: 'gb18030', bom: false });
  });

  it('pure Chinese without any ASCII, in every encoding', () => {
    const variants = [
      encodeUtf8(PURE_CHINESE, false),
      encodeGbk(PURE_CHINESE),
      encodeUtf16(PURE_CHINESE, 'le', false),
      encodeUtf16(PURE_CHINESE, 'be', false),
      encodeUtf16(PURE_CHINESE, 'le', true),
    ];
    expect(variants[2]!.includes(0)).toBe(false);
    for (const bytes of variants) expect(decodeText(bytes).text).toBe(PURE_CHINESE);
  });

  it('Chinese full of 一 (U+4E00) in UTF-16 without BOM', () => {
    expect(decodeText(encodeUtf16(MANY_YI, 'le', false)).text).toBe(MANY_YI);
    expect(decodeText(encodeUtf16(`${MANY_YI}\n`, 'be', false)).text).toBe(`${MANY_YI}\n`);
  });

  it('plain ASCII is UTF-8', () => {
    expect(detectTextEncoding(Buffer.from('hello world, plain ascii text\n'))).toEqual({ encoding: 'utf-8', bom: false });
  });

  it('a GBK file with mostly ASCII is still GBK', () => {
    const text = `${'Release notes, version 1.2.3: fixed bugs and improved speed. '.repeat(8)}修复问题。`;
    expect(decodeText(encodeGbk(text)).text).toBe(text);
  });

  it('parseDocument gives the same text and count for each encoding of a .txt', async () => {
    const results = await Promise.all(
      [encodeUtf8(MIXED, true), encodeGbk(MIXED), encodeUtf16(MIXED, 'be', false)].map((bytes) => parseDocument(bytes, '笔记.txt')),
    );
    for (const doc of results) {
      expect(doc.text).toBe(MIXED);
      expect(doc.type).toBe('txt');
      expect(doc.chars).toBe(results[0]!.chars);
    }
    expect(results.map((doc) => doc.encoding)).toEqual(['utf-8', 'gb18030', 'utf-16be']);
  });
});
