import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fontPackageDir } from '../../src/platform/cjk-font.js';
import { CardImageRenderer, coverSafeArea } from '../../src/providers/images/card-renderer.js';
import { FallbackImages } from '../../src/providers/images/fallback-images.js';
import { IMAGE_SIZES, type ImageKind, type ImageRequest } from '../../src/providers/images/image-port.js';
import { buildImagePrompt, nearestSize, OpenAiImages } from '../../src/providers/images/openai-images.js';
import { fitText, type Measure, normalizeCardText, wrapText } from '../../src/providers/images/text-layout.js';

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// A fake font: CJK and full-width punctuation one em, Latin half an em, a space a quarter.
const measure: Measure = (text, size) =>
  [...text].reduce((sum, ch) => sum + size * (/[\u2e80-\uffef]/u.test(ch) ? 1 : ch === ' ' ? 0.25 : 0.5), 0);
const at = (size: number) => (text: string) => measure(text, size);
const CLOSING = /^[。，、！？；：）》」』…]/u;

describe('text layout', () => {
  const long = '当所有人都在谈论人工智能会不会取代写作者的时候，我们真正应该关心的是写作这件事本身正在发生什么变化';

  it('wraps a long Chinese title into several lines, each within the width, losing nothing', () => {
    const lines = wrapText(long, 300, at(30));
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(measure(line, 30)).toBeLessThanOrEqual(300);
    expect(lines.join('')).toBe(long);
    expect(lines[0]).toBe('当所有人都在谈论人工'); // between 人工 and 智能: any CJK boundary may break
  });

  it('keeps Latin words whole and breaks at spaces between them', () => {
    const text = '如何用 ChatGPT 和 Claude 写出 Markdown 格式的 technical writing 教程';
    const lines = wrapText(text, 200, at(20));
    expect(lines.length).toBeGreaterThan(2);
    const words = lines.flatMap((line) => line.match(/[A-Za-z]+/g) ?? []);
    expect(words).toEqual(['ChatGPT', 'Claude', 'Markdown', 'technical', 'writing']);
    for (const line of lines) expect(line).toBe(line.trim());
  });

  it('never starts a line with closing punctuation nor ends one with an opening mark', () => {
    const lines = wrapText('一二三四五六七八九十，十一十二。', 200, at(20));
    expect(lines[0]).toBe('一二三四五六七八九');
    expect(lines[1]).toBe('十，十一十二。');
    const quoted = wrapText('一二三四五六七八九《三体》读后感！？', 200, at(20));
    expect(quoted[0]).toBe('一二三四五六七八九');
    expect(quoted[1]?.startsWith('《三')).toBe(true);
    for (const line of wrapText('好，好。好！好？好，好。好！好？好，好。', 60, at(20))) expect(line).not.toMatch(CLOSING);
  });

  it('cuts a word wider than the line between letters rather than overflowing', () => {
    const lines = wrapText('Supercalifragilisticexpialidocious', 100, at(20));
    expect(lines.join('')).toBe('Supercalifragilisticexpialidocious');
    for (const line of lines) expect(measure(line, 20)).toBeLessThanOrEqual(100);
  });

  it('shrinks the font until the title fits the line limit, and keeps short titles large', () => {
    const fitted = fitText(long, { maxWidth: 600, maxLines: 3, maxSize: 80, minSize: 20 }, measure);
    expect(fitted.fontSize).toBeLessThan(80);
    expect(fitted.lines.length).toBeLessThanOrEqual(3);
    expect(fitted.truncated).toBe(false);
    for (const line of fitted.lines) expect(measure(line, fitted.fontSize)).toBeLessThanOrEqual(600);
    expect(fitText('短标题', { maxWidth: 600, maxLines: 3, maxSize: 80, minSize: 20 }, measure)).toMatchObject({ fontSize: 80, lines: ['短标题'] });
  });

  it('ends with an ellipsis when even the smallest size does not fit', () => {
    const fitted = fitText(long.repeat(4), { maxWidth: 300, maxLines: 2, maxSize: 60, minSize: 30 }, measure);
    expect(fitted).toMatchObject({ fontSize: 30, truncated: true });
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines[1]?.endsWith('…')).toBe(true);
    for (const line of fitted.lines) expect(measure(line, 30)).toBeLessThanOrEqual(300);
  });

  it('balances lines so that no line holds a lone character', () => {
    const text = '一二三四五六七八九十甲';
    expect(wrapText(text, 200, at(20)).map((l) => l.length)).toEqual([10, 1]);
    const balanced = fitText(text, { maxWidth: 200, maxLines: 3, maxSize: 20, minSize: 20, balance: true }, measure);
    expect(balanced.lines.map((l) => l.length)).toEqual([6, 5]);
  });

  it('drops emoji, which the CJK font cannot draw', () => {
    expect(normalizeCardText('🔥 2025 爆款 👩🏽‍💻 写作 🇨🇳 指南 ✨，收藏 ❤️ Kindle™ 1️⃣')).toBe('2025 爆款 写作 指南，收藏 Kindle™ 1');
  });
});

const PLATFORMS = ['wechat', 'zhihu', 'xiaohongshu'] as const;
const KINDS: ImageKind[] = ['cover', 'section'];

describe('card renderer', () => {
  const cards = new CardImageRenderer();

  it.each(PLATFORMS.flatMap((platform) => KINDS.map((kind) => [platform, kind] as const)))('renders a %s %s card as a PNG of the platform size', async (platform, kind) => {
    const image = await cards.generate({ platform, kind, title: '写作这件事，正在被人工智能重新定义', subtitle: '从选题到发布的完整工作流' });
    expect(image.contentType).toBe('image/png');
    expect(pngSize(image.bytes)).toEqual(IMAGE_SIZES[platform][kind]);
    expect({ width: image.width, height: image.height }).toEqual(IMAGE_SIZES[platform][kind]);
    expect(image.alt).toBe('写作这件事，正在被人工智能重新定义：从选题到发布的完整工作流');
  });

  it('gives identical bytes for the same request and different ones for another title', async () => {
    const request: ImageRequest = { platform: 'zhihu', kind: 'cover', title: '为什么说《人类简史》被高估了？', subtitle: '论证方式的问题' };
    const first = await cards.generate(request);
    const second = await cards.generate({ ...request });
    expect(first.bytes.equals(second.bytes)).toBe(true);
    expect((await cards.generate({ ...request, title: '另一个标题' })).bytes.equals(first.bytes)).toBe(false);
  });

  it('renders titles mixing emoji, Latin and Chinese, and very long ones', async () => {
    const title = '🔥 2025 年最值得读的 12 本书｜附 Kindle 电子版 📚✨ Supercalifragilisticexpialidocious';
    const image = await cards.generate({ platform: 'xiaohongshu', kind: 'cover', title: title.repeat(3), subtitle: '🙌 亲测' });
    expect(pngSize(image.bytes)).toEqual(IMAGE_SIZES.xiaohongshu.cover);
    expect(image.alt.startsWith('🔥 2025')).toBe(true);
    await expect(cards.generate({ platform: 'wechat', kind: 'section', title: '   ' })).resolves.toMatchObject({ width: 1080 });
  });

  it('keeps a cover title inside the part of the cover a 16:9 frame filled with it shows (my articles)', async () => {
    expect(coverSafeArea(1175, 500)).toEqual({ width: 500 * (16 / 9), height: 500 });
    expect(coverSafeArea(1080, 1440)).toEqual({ width: 1080, height: 1080 * (9 / 16) });
    expect(coverSafeArea(1280, 720)).toEqual({ width: 1280, height: 720 });

    // Every line drawn, with its measured width: the title's lines must stay in the safe area.
    const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as { fillText: (text: string, x: number, y: number) => void };
    const original = proto.fillText;
    const drawn: { text: string; left: number; right: number; middle: number }[] = [];
    const spy = vi.spyOn(proto, 'fillText').mockImplementation(function (this: { measureText(text: string): { width: number } }, text: string, x: number, y: number) {
      drawn.push({ text, left: x, right: x + this.measureText(text).width, middle: y });
      return original.call(this, text, x, y);
    });
    try {
      const cases = [
        { platform: 'wechat' as const, title: '新能源汽车电池技术路线对比：磷酸铁锂、三元锂与固态电池谁更适合普通家庭' },
        { platform: 'xiaohongshu' as const, title: '周末城市骑行路线推荐｜看完不踩坑的八条' },
      ];
      for (const { platform, title } of cases) {
        drawn.length = 0;
        await cards.generate({ platform, kind: 'cover', title, subtitle: '三条实用建议' });
        const { width, height } = IMAGE_SIZES[platform].cover;
        const safe = coverSafeArea(width, height);
        const lines = drawn.filter((line) => line.text !== '天马');
        expect(lines.map((line) => line.text).join('')).toContain(title.slice(0, 6));
        for (const line of lines) {
          expect(line.right, `${platform}: ${line.text}`).toBeLessThanOrEqual(safe.width);
          expect(line.middle, `${platform}: ${line.text}`).toBeGreaterThanOrEqual((height - safe.height) / 2);
          expect(line.middle, `${platform}: ${line.text}`).toBeLessThanOrEqual((height + safe.height) / 2);
        }
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('accepts a font path and refuses a missing one with a clear message', async () => {
    const black = new CardImageRenderer({ fontPath: path.join(String(fontPackageDir()), '900Black', 'NotoSansSC_900Black.ttf') });
    expect(pngSize((await black.generate({ platform: 'wechat', kind: 'cover', title: '黑体封面' })).bytes)).toEqual(IMAGE_SIZES.wechat.cover);
    expect(() => new CardImageRenderer({ fontPath: '/nonexistent/font.ttc' })).toThrow(/font \/nonexistent\/font\.ttc does not exist/);
  });
});

type Mode = 'b64' | 'url' | 'huge-url' | 'fail' | 'hang';
const API_KEY = 'sk-test-SECRET-0123456789abcdef';

describe('OpenAI-compatible images', () => {
  const tiny = createCanvas(3, 2).toBuffer('image/png');
  const received: Array<{ auth: string | undefined; body: Record<string, unknown> }> = [];
  let mode: Mode = 'b64';
  let server: http.Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      if (req.url === '/files/picture.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(tiny);
      if (req.url === '/files/huge.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        for (let i = 0; i < 11; i++) res.write(Buffer.alloc(1024 * 1024));
        return void res.end();
      }
      let raw = '';
      for await (const chunk of req) raw += chunk;
      received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      if (mode === 'hang') return;
      if (mode === 'fail') {
        return void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `upstream broke for key ${API_KEY}` } }));
      }
      const image = mode === 'b64' ? { b64_json: tiny.toString('base64') } : { url: `${baseUrl.replace('/v1', '')}/files/${mode === 'url' ? 'picture' : 'huge'}.png` };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ created: 1, data: [image] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const adapter = (model = 'dall-e-3', timeoutMs = 5_000) => new OpenAiImages({ baseUrl, apiKey: API_KEY, model, timeoutMs, maxRetries: 0 });
  const request: ImageRequest = { platform: 'zhihu', kind: 'cover', title: '人工智能时代的写作', subtitle: '工具变了，判断没有变' };

  it('asks for the model, the nearest size and base64, and answers the image bytes with their real size', async () => {
    mode = 'b64';
    received.length = 0;
    const image = await adapter().generate(request);
    expect(received[0]?.auth).toBe(`Bearer ${API_KEY}`);
    expect(received[0]?.body).toMatchObject({ model: 'dall-e-3', size: '1792x1024', response_format: 'b64_json', n: 1 });
    expect(received[0]?.body.prompt).toContain('人工智能时代的写作');
    expect(image).toMatchObject({ contentType: 'image/png', width: 3, height: 2, alt: '人工智能时代的写作：工具变了，判断没有变' });
    expect(image.bytes.equals(tiny)).toBe(true);
  });

  it('picks tall sizes for Xiaohongshu and leaves response_format out for gpt-image models', async () => {
    mode = 'b64';
    received.length = 0;
    await adapter('gpt-image-1').generate({ ...request, platform: 'xiaohongshu' });
    expect(received[0]?.body.size).toBe('1024x1536');
    expect(received[0]?.body).not.toHaveProperty('response_format');
    expect(nearestSize('dall-e-3', 1080, 1440)).toBe('1024x1792');
    expect(nearestSize('dall-e-3', 1175, 500)).toBe('1792x1024');
    expect(nearestSize('some-compatible-model', 1000, 1000)).toBe('1024x1024');
  });

  it('writes a Chinese prompt that asks for no text in the picture', () => {
    const prompt = buildImagePrompt({ ...request, prompt: '黄昏的书桌，一盏台灯' });
    expect(prompt).toContain('主题：人工智能时代的写作');
    expect(prompt).toContain('黄昏的书桌');
    expect(prompt).toContain('不要出现任何文字');
  });

  it('downloads a URL answer, and refuses one larger than 10 MB', async () => {
    mode = 'url';
    expect((await adapter().generate(request)).bytes.equals(tiny)).toBe(true);
    mode = 'huge-url';
    await expect(adapter().generate(request)).rejects.toThrow(/larger than 10 MB/);
  });

  it('never puts the API key in an error message', async () => {
    mode = 'fail';
    const error = (await adapter().generate(request).then(() => null, (e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(/HTTP 500/);
    expect(`${error.message}${error.stack}`).not.toContain(API_KEY);
  });

  it.each(['fail', 'hang'] as const)('falls back to a card when the API answers %s', async (failure) => {
    mode = failure;
    const onFallback = vi.fn();
    const images = new FallbackImages({ primary: adapter('dall-e-3', 10_000), fallback: new CardImageRenderer(), onFallback, timeoutMs: 300 });
    const image = await images.generate({ ...request, platform: 'wechat' });
    expect(pngSize(image.bytes)).toEqual(IMAGE_SIZES.wechat.cover);
    expect(onFallback).toHaveBeenCalledOnce();
    expect(onFallback.mock.calls[0]?.[0]).toBeInstanceOf(Error);
    expect(String(onFallback.mock.calls[0]?.[0].message)).not.toContain(API_KEY);
  });

  it('lets a caller cancellation through instead of drawing a card', async () => {
    mode = 'hang';
    const onFallback = vi.fn();
    const controller = new AbortController();
    const images = new FallbackImages({ primary: adapter(), fallback: new CardImageRenderer(), onFallback });
    received.length = 0;
    const pending = images.generate({ ...request, signal: controller.signal });
    // Cancelled while the API holds the request.
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });
    controller.abort(new Error('cancelled by the writer'));
    await expect(pending).rejects.toThrow('cancelled by the writer');
    expect(onFallback).not.toHaveBeenCalled();
  });
});
