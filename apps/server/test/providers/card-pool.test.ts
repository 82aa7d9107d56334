import { afterEach, describe, expect, it } from 'vitest';
import { CardRendererPool } from '../../src/providers/images/card-pool.js';
import { CardImageRenderer } from '../../src/providers/images/card-renderer.js';
import { IMAGE_SIZES, type ImageRequest } from '../../src/providers/images/image-port.js';

const REQUEST: ImageRequest = { platform: 'wechat', kind: 'cover', title: '如何把计划变成习惯', subtitle: '从计划到习惯的完整路径' };
const CRASHING = new URL('../fixtures/crashing-card-worker.ts', import.meta.url);

describe('card renderer pool', () => {
  let pool: CardRendererPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('draws in a worker thread, started on the first card, the same bytes as the in-thread renderer, card after card', async () => {
    pool = new CardRendererPool({ size: 1 });
    expect(pool.threads).toBe(0);
    // The worker reuses its canvases: the second card of a size must not show the first.
    const requests: ImageRequest[] = [
      REQUEST,
      { ...REQUEST, kind: 'section', title: '第一步：把目标拆小' },
      { ...REQUEST, platform: 'xiaohongshu' },
      { ...REQUEST, title: '另一个标题', subtitle: undefined },
    ];
    const images = await Promise.all(requests.map((request) => pool!.generate(request)));
    expect(pool.threads).toBe(1);
    const local = new CardImageRenderer();
    for (const [i, image] of images.entries()) {
      const expected = await local.generate(requests[i]!);
      expect(image).toMatchObject({ contentType: 'image/png', alt: expected.alt, ...IMAGE_SIZES[requests[i]!.platform][requests[i]!.kind] });
      expect(Buffer.isBuffer(image.bytes)).toBe(true);
      expect(image.bytes.equals(expected.bytes)).toBe(true);
    }
  });

  it('fails the cards of a worker that dies with a clear error, and draws the next ones in a fresh worker', async () => {
    pool = new CardRendererPool({ size: 1, workerUrl: CRASHING });
    await expect(pool.generate({ ...REQUEST, title: '崩溃' })).rejects.toThrow('Image cards: the render worker stopped before answering (exit code 3)');
    const image = await pool.generate(REQUEST);
    expect(image.width).toBe(IMAGE_SIZES.wechat.cover.width);
    expect(pool.threads).toBe(1);
  });

  it('answers an aborted card with its reason', async () => {
    pool = new CardRendererPool({ size: 1 });
    const controller = new AbortController();
    const pending = pool.generate({ ...REQUEST, signal: controller.signal });
    controller.abort(new Error('task cancelled'));
    await expect(pending).rejects.toThrow('task cancelled');
    await expect(pool.generate({ ...REQUEST, signal: controller.signal })).rejects.toThrow('task cancelled');
  });

  it('stops its workers on close, failing the cards still waiting, and refuses more', async () => {
    pool = new CardRendererPool({ size: 2 });
    await pool.generate(REQUEST);
    const waiting = Promise.allSettled(Array.from({ length: 6 }, (_, i) => pool!.generate({ ...REQUEST, title: `标题 ${i}` })));
    await pool.close();
    const outcomes = await waiting;
    expect(outcomes.some((outcome) => outcome.status === 'rejected' && /pool is closed/.test(String(outcome.reason)))).toBe(true);
    expect(pool.threads).toBe(0);
    await expect(pool.generate(REQUEST)).rejects.toThrow('Image cards: the renderer pool is closed');
  });

  it('refuses to start without a font, as the in-thread renderer does', () => {
    expect(() => new CardRendererPool({ size: 1, fontPath: '/nonexistent/font.ttc' })).toThrow(/font \/nonexistent\/font\.ttc does not exist/);
  });
});
