import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/articles/tables.js';
import { userImages } from '../../src/images/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';
import { multipart } from '../helpers/multipart.js';

/** The pipeline's image stage: a section takes the user's own picture when one is clearly about it. */

const PNG = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function upload(cookie: string, caption: string): Promise<{ imageId: string; url: string }> {
  const form = multipart([
    { name: 'file', file: { filename: 'photo.png', content: PNG(), contentType: 'image/png' } },
    { name: 'caption', value: caption },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/images', headers: { ...form.headers, cookie }, payload: form.payload });
  expect(res.statusCode).toBe(200);
  return res.json().data as { imageId: string; url: string };
}

async function write(cookie: string, topic: string): Promise<string> {
  const res = await generate(t, cookie, { topic, settings: GUIDED });
  expect(res.statusCode).toBe(200);
  const task = await waitForTask(t, res.json().task_id, 60_000);
  expect(task.status).toBe('completed');
  const [article] = await t.database.db.select().from(articles).where(eq(articles.articleId, task.articleId!));
  return article!.content;
}

describe('pictures from the library in a written article', () => {
  it('places the picture about a section in that section, and leaves out the unrelated one', async () => {
    const user = await signedInUser(t);
    const gear = await upload(user.cookie, '手冲咖啡的滤杯、手冲壶和咖啡豆');
    const hiking = await upload(user.cookie, '登山徒步的背包和登山杖');
    // A stock picture the user kept: placed with its credit under it. Each task writes its own
    // variant of the article (the task id seeds the offline writer); this caption fits the
    // common-mistakes section every variant has, where 研磨度和水温 appears in only some.
    const bloom = await upload(user.cookie, '新手冲咖啡常犯的错');
    await t.database.db
      .update(userImages)
      .set({ source: 'pexels', licence: 'Pexels License', attribution: 'Photo by Lin on Pexels' })
      .where(eq(userImages.id, bloom.imageId));

    const content = await write(user.cookie, '新手在家如何做一杯手冲咖啡');
    const sections = content.split(/^## /mu).slice(1);
    const holding = (url: string) => sections.filter((section) => section.includes(`](${url})`)).map((section) => section.split('\n')[0]);
    expect(holding(gear.url)).toHaveLength(1);
    expect(holding(gear.url)[0]).toMatch(/器具|准备|工具/u);
    expect(content).toContain(`![新手冲咖啡常犯的错](${bloom.url})\n*图片来源：Photo by Lin on Pexels*`);
    expect(content).not.toContain(hiking.url);
    // Each picture once; the sections without one of the user's pictures keep their cards.
    expect(content.split(gear.url)).toHaveLength(2);
    expect(content).toMatch(/\]\(\/media\/articles\/[^)]+-\d\.png\)/u);
  });

  it('keeps the cards when the library holds nothing about the article', async () => {
    const user = await signedInUser(t);
    const hiking = await upload(user.cookie, '登山徒步的背包和登山杖');
    const content = await write(user.cookie, '新手在家如何做一杯手冲咖啡');
    expect(content).not.toContain(hiking.url);
    expect(content.match(/\]\(\/media\/articles\//gu)?.length).toBeGreaterThanOrEqual(2);
  });
});
