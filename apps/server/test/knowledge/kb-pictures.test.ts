import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/knowledge/parse/index.js';
import { chooseCaptionText, composeCaption, looksLikeCaption } from '../../src/knowledge/parse/pictures/caption.js';
import { type ExtractedPicture, extractPictures, MAX_PICTURES_PER_DOCUMENT } from '../../src/knowledge/parse/pictures/index.js';
import { placeImages, type PlacementOps } from '../../src/knowledge/parse/pictures/pdf-placement.js';
import { linesNearPicture, placedLines } from '../../src/knowledge/parse/pictures/pdf-text-lines.js';
import { writeZip } from './helpers/zip.js';

/** Pictures inside knowledge-base documents, with the text around them as caption (issue 18; decision 065). */

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../fixtures/kb', name));

const PNG_MAGIC = '89504e470d0a1a0a';
const JPEG_MAGIC = 'ffd8ff';
const magic = (bytes: Buffer) => (bytes.subarray(0, 8).toString('hex') === PNG_MAGIC ? 'png' : bytes.subarray(0, 3).toString('hex') === JPEG_MAGIC ? 'jpeg' : 'other');

/** The fixtures' sections: each picture's heading, its own caption (spaces aside) and what only another picture's caption says. */
const SECTIONS = [
  { heading: '猫砂盆的摆放', label: '图1', caption: '猫砂盆放在安静的角落' },
  { heading: '猫粮与饮水', label: '图2', caption: '陶瓷水碗和自动喂食器' },
  { heading: '猫抓板与玩具', label: '图3', caption: '瓦楞纸猫抓板和逗猫棒' },
];

function expectOwnCaptions(pictures: ExtractedPicture[]) {
  expect(pictures).toHaveLength(SECTIONS.length);
  pictures.forEach((picture, i) => {
    const own = SECTIONS[i]!;
    expect(picture.caption.startsWith(`${own.heading} · `), picture.caption).toBe(true);
    expect(picture.caption).toContain(own.label);
    expect(picture.caption).toContain(own.caption);
    for (const other of SECTIONS.filter((_, j) => j !== i)) {
      expect(picture.caption).not.toContain(other.label);
      expect(picture.caption).not.toContain(other.heading);
    }
  });
}

async function pixelSize(bytes: Buffer) {
  const image = await loadImage(bytes);
  return [image.width, image.height];
}

/** illustrated.docx with its parts changed; `lie` makes a part declare fewer bytes than it holds. */
function repackDocx(change: (name: string, data: Uint8Array) => Buffer, lie?: string): Buffer {
  const parts = unzipSync(fixture('illustrated.docx'));
  return writeZip(
    Object.entries(parts).map(([name, data]) => ({ name, data: change(name, data), method: 8 as const, ...(name === lie ? { declaredSize: 100 } : {}) })),
  );
}

describe('pictures of a Word file', () => {
  it('illustrated.docx: three pictures (PNG, JPEG, PNG), each with its heading, its own 图N caption and its alt text', async () => {
    const pictures = await extractPictures(fixture('illustrated.docx'), 'docx', 'illustrated.docx');
    expectOwnCaptions(pictures);
    expect(pictures.map((picture) => magic(picture.bytes))).toEqual(['png', 'jpeg', 'png']);
    for (const picture of pictures) expect(await pixelSize(picture.bytes)).toEqual([160, 120]);
    expect(pictures[0]!.caption).toBe('猫砂盆的摆放 · 图1 猫砂盆放在安静的角落 · 阳台角落里的猫砂盆');
    // The generator's 「图片 2」 names say nothing and are left out.
    expect(pictures[1]!.caption).toBe('猫粮与饮水 · 图2 陶瓷水碗和自动喂食器');
  });

  it('a Word file without pictures has none; Markdown and text files are not read for pictures', async () => {
    expect(await extractPictures(fixture('sample.docx'), 'docx', 'sample.docx')).toEqual([]);
    expect(await extractPictures(Buffer.from('# 标题\n\n![图](a.png)'), 'md', 'a.md')).toEqual([]);
    expect(await extractPictures(Buffer.from('正文'), 'txt', 'a.txt')).toEqual([]);
  });

  it('skips a picture that does not decode and keeps the others with their own captions', async () => {
    const docx = repackDocx((name, data) => (name === 'word/media/image1.png' ? Buffer.concat([Buffer.from(PNG_MAGIC, 'hex'), Buffer.alloc(200, 7)]) : Buffer.from(data)));
    const pictures = await extractPictures(docx, 'docx', 'broken.docx');
    expect(pictures).toHaveLength(2);
    expect(pictures[0]!.caption).toContain('图2');
    expect(pictures[1]!.caption).toContain('图3');
    // The text is unaffected.
    expect((await parseDocument(docx, 'broken.docx')).text).toContain('图1 猫砂盆放在安静的角落');
  });

  it('gives up the pictures, not the text, of a package whose picture inflates past what it declares', async () => {
    const media = Object.keys(unzipSync(fixture('illustrated.docx'))).filter((name) => name.startsWith('word/media/'));
    expect(media.length).toBe(3);
    const docx = repackDocx((_, data) => Buffer.from(data), media[0]);
    expect(await extractPictures(docx, 'docx', 'lying.docx')).toEqual([]);
    expect((await parseDocument(docx, 'lying.docx')).text).toContain('## 猫粮与饮水');
  });

  it('a package that is no zip at all is refused as a whole, for the caller to log', async () => {
    await expect(extractPictures(Buffer.from('PK\u0003\u0004 not really a zip'), 'docx', 'bad.docx')).rejects.toThrow(/bad\.docx/);
  });
});

describe('pictures of a PDF', () => {
  it('illustrated.pdf: the three placed images as PNG (RGB, JPEG and 1-bit), each captioned by its own 图N line and heading; the bullet is skipped', async () => {
    const pictures = await extractPictures(fixture('illustrated.pdf'), 'pdf', 'illustrated.pdf');
    expectOwnCaptions(pictures);
    for (const picture of pictures) {
      expect(magic(picture.bytes)).toBe('png');
      expect(await pixelSize(picture.bytes)).toEqual([160, 120]);
    }
    // The third picture is on the second page, under that page's heading.
    expect(pictures[2]!.caption).toBe('猫抓板与玩具 · 图3瓦楞纸猫抓板和逗猫棒');
  });

  it('the fixture’s text parses as a PDF with headings', async () => {
    const doc = await parseDocument(fixture('illustrated.pdf'), 'illustrated.pdf');
    expect(doc.pages).toBe(2);
    expect(doc.headings).toEqual(['新手养猫指南', '猫砂盆的摆放', '猫粮与饮水', '猫抓板与玩具']);
    expect(doc.text).toContain('图2陶瓷水碗和自动喂食器');
  });

  it('a PDF without pictures has none, and a scanned page is not a picture', async () => {
    expect(await extractPictures(fixture('sample.pdf'), 'pdf', 'sample.pdf')).toEqual([]);
    expect(await extractPictures(fixture('scanned.pdf'), 'pdf', 'scanned.pdf')).toEqual([]);
  });

  it('skips an image whose data is damaged and keeps the others', async () => {
    const pdf = Buffer.from(fixture('illustrated.pdf'));
    // The first image stream's bytes overwritten in place: the offsets of the objects stay right.
    const header = pdf.indexOf('/Filter /FlateDecode /Length ');
    const start = pdf.indexOf('stream\n', header) + 'stream\n'.length;
    const length = Number(/\/Length (\d+)/.exec(pdf.toString('latin1', header, start))![1]);
    pdf.fill(0x41, start, start + length);
    const pictures = await extractPictures(pdf, 'pdf', 'damaged.pdf');
    expect(pictures.map((picture) => SECTIONS.findIndex((section) => picture.caption.includes(section.label)))).toEqual([1, 2]);
  });
});

describe('captions', () => {
  it('prefer a 图N caption right under, then right over the picture, then a short line, then the nearest text', () => {
    expect(chooseCaptionText(['图2 水碗', '下一段。'], ['上一段。'])).toBe('图2 水碗');
    expect(chooseCaptionText(['下一段正文很长。'], ['Figure 3: the bowl', '更早的一段。'])).toBe('Figure 3: the bowl');
    expect(chooseCaptionText(['阳台上的猫砂盆'], ['上一段正文。'])).toBe('阳台上的猫砂盆');
    expect(chooseCaptionText(['后面一段正文。'], ['前面介绍图片的一段正文。'])).toBe('前面介绍图片的一段正文。');
    const long = `${'很长的正文'.repeat(40)}。`;
    const clipped = chooseCaptionText([], [long]);
    expect([...clipped]).toHaveLength(120);
    expect(clipped.endsWith('…')).toBe(true);
    expect(chooseCaptionText([], [])).toBe('');
  });

  it('a caption looks like one when labelled or short and not a sentence', () => {
    expect(looksLikeCaption('图表3 销量对比')).toBe(true);
    expect(looksLikeCaption('Fig. 2 Litter box')).toBe(true);
    expect(looksLikeCaption('猫砂盆放在安静的角落')).toBe(true);
    expect(looksLikeCaption('猫砂盆要放在安静的地方。')).toBe(false);
    expect(looksLikeCaption('')).toBe(false);
  });

  it('join heading, caption and alt text, each once, leaving out empty and generic parts', () => {
    expect(composeCaption({ heading: '养猫准备', after: ['图1 猫砂盆的摆放位置'], before: [], alt: '图片 1' })).toBe('养猫准备 · 图1 猫砂盆的摆放位置');
    expect(composeCaption({ heading: '猫砂盆', after: ['图1 猫砂盆'], before: [], alt: '猫砂盆' })).toBe('图1 猫砂盆');
    expect(composeCaption({ after: [], before: [], alt: '手绘的猫砂盆' })).toBe('手绘的猫砂盆');
    expect(composeCaption({ after: [], before: [] })).toBe('');
  });
});

describe('where a PDF page puts its images', () => {
  const ops: PlacementOps = {
    save: 10,
    restore: 11,
    transform: 12,
    paintFormXObjectBegin: 74,
    paintFormXObjectEnd: 75,
    paintImageXObject: 85,
    paintInlineImageXObject: 86,
    beginAnnotation: 80,
    endAnnotation: 81,
  };

  it('follows save, restore, cm and form matrices; leaves out annotation appearances', () => {
    const placed = placeImages(
      [12, 10, 12, 85, 11, 74, 85, 75, 86, 80, 85, 81],
      [[1, 0, 0, 1, 10, 20], null, [100, 0, 0, 50, 0, 0], ['img_a', 4, 4], null, [[2, 0, 0, 2, 0, 0], [0, 0, 1, 1]], ['img_b', 4, 4], null, [{ width: 60, height: 60 }], null, ['img_c', 4, 4], null],
      ops,
    );
    expect(placed).toEqual([
      { source: { objId: 'img_a' }, rect: { left: 10, bottom: 20, right: 110, top: 70 } },
      { source: { objId: 'img_b' }, rect: { left: 10, bottom: 20, right: 12, top: 22 } },
      { source: { inline: { width: 60, height: 60 } }, rect: { left: 10, bottom: 20, right: 11, top: 21 } },
    ]);
  });

  it('takes the lines under and over a picture up to the headings, nearest first', () => {
    const item = (str: string, x: number, y: number, size: number) => ({ str, transform: [size, 0, 0, size, x, y], width: [...str].length * size, hasEOL: false });
    const lines = placedLines([
      item('上一节', 60, 800, 15),
      item('不相干的正文。', 60, 780, 11),
      item('本节标题', 60, 700, 15),
      item('介绍图片的正文。', 60, 680, 11),
      item('图1', 60, 480, 10),
      item('猫砂盆', 75, 480, 10),
      item('后面的正文。', 60, 460, 11),
      item('下一节', 60, 420, 15),
      item('下一节的正文。', 60, 400, 11),
    ]);
    const near = linesNearPicture(lines, { left: 60, bottom: 500, right: 300, top: 660 }, 11);
    expect(near).toEqual({ below: ['图1猫砂盆', '后面的正文。'], above: ['介绍图片的正文。'], heading: '本节标题' });
  });
});

it('keeps at most the per-document number of pictures', () => {
  expect(MAX_PICTURES_PER_DOCUMENT).toBe(20);
});
