import { randomBytes } from 'node:crypto';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/articles/tables.js';
import { users } from '../../src/accounts/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';

const PUBLIC_URL = 'https://tianma.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof signedInUser>>;

async function pictureBytes(format: 'png' | 'webp', width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#3366cc';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#ffcc00';
  ctx.fillRect(width / 4, height / 4, width / 2, height / 2);
  return format === 'png' ? canvas.encode('png') : canvas.encode('webp');
}

/** An article of the owner's, with one PNG and one WebP image in storage. */
async function seedArticle(owner: Owner, overrides: { title?: string; content?: string } = {}) {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, owner.username));
  const articleId = `a${randomBytes(8).toString('hex')}`;
  await t.app.storage.put(`articles/${articleId}-1.png`, await pictureBytes('png', 1600, 900), 'image/png');
  await t.app.storage.put(`articles/${articleId}-2.webp`, await pictureBytes('webp', 400, 300), 'image/webp');
  const content =
    overrides.content ??
    [
      '# 春季护肤指南',
      '',
      '春天气候多变，皮肤也容易跟着“闹脾气”。这篇文章整理了三个简单步骤，帮你把皮肤照顾得水润透亮。',
      '',
      `![清爽的护肤台](/media/articles/${articleId}-1.png)`,
      '',
      '## 第一步：温和清洁',
      '',
      '选择 **氨基酸** 洁面，*早晚各一次*，水温不要太高。',
      '',
      '- 洁面乳挤一元硬币大小',
      '- 打出泡沫再上脸',
      '',
      '## 第二步：补水保湿',
      '',
      '1. 化妆水轻拍',
      '2. 精华按压吸收',
      '',
      `![保湿精华](${PUBLIC_URL}/media/articles/${articleId}-2.webp)`,
      '',
      '> 保湿是一切护肤的基础。',
      '',
      '### 小贴士',
      '',
      '```',
      '早：清洁 → 保湿 → 防晒',
      '```',
      '',
      '| 步骤 | 时间 |',
      '|---|---|',
      '| 清洁 | 1 分钟 |',
      '',
      '![网络图片说明](https://images.example.com/remote.png)',
    ].join('\n');
  const title = overrides.title ?? '春季护肤指南';
  await t.database.db.insert(articles).values({ articleId, userId: user!.id, title, summary: '', content });
  return { articleId, title, content };
}

const exportUrl = (articleId: string, format: string) => `/api/v1/article/${articleId}/export?format=${format}`;
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect(Buffer.from(bytes.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
  const view = Buffer.from(bytes);
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

describe('GET /api/v1/article/{articleId}/export', () => {
  it('downloads the markdown with a UTF-8 file name', async () => {
    const owner = await signedInUser(t);
    const { articleId, content } = await seedArticle(owner, { title: '春季/护肤:指南?' });
    const res = await get(exportUrl(articleId, 'md'), owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="article.md"; filename*=UTF-8''${encodeURIComponent('春季 护肤 指南.md')}`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    // Opened elsewhere, the file keeps its pictures: our image paths are absolute on PUBLIC_URL.
    expect(res.body).toBe(content.replace(`](/media/articles/${articleId}-1.png)`, `](${PUBLIC_URL}/media/articles/${articleId}-1.png)`));
    expect(res.body).toContain(`![清爽的护肤台](${PUBLIC_URL}/media/articles/${articleId}-1.png)`);
    expect(res.body).not.toMatch(/\]\(\/media\//);
  });

  it('falls back to 天马文章 when the title gives no file name', async () => {
    const owner = await signedInUser(t);
    const { articleId } = await seedArticle(owner, { title: '///', content: '正文而已' });
    const res = await get(exportUrl(articleId, 'md'), owner.cookie);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('天马文章.md')}`);
  });

  it('builds a Word file that mammoth reads back with its headings, lists and images', async () => {
    const owner = await signedInUser(t);
    const { articleId } = await seedArticle(owner);
    const res = await get(exportUrl(articleId, 'docx'), owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('春季护肤指南.docx')}`);

    const { value: html } = await mammoth.convertToHtml({ buffer: res.rawPayload });
    expect(html).toContain('<h1>春季护肤指南</h1>');
    expect(html).toContain('<h2>第一步：温和清洁</h2>');
    expect(html).toContain('<h2>第二步：补水保湿</h2>');
    expect(html).toContain('<h3>小贴士</h3>');
    expect(html).toMatch(/<ul><li>洁面乳挤一元硬币大小<\/li><li>打出泡沫再上脸<\/li><\/ul>/);
    expect(html).toMatch(/<ol><li>化妆水轻拍<\/li><li>精华按压吸收<\/li><\/ol>/);
    expect(html).toContain('<strong>氨基酸</strong>');
    expect(html).toContain('<em>早晚各一次</em>');
    expect(html).toContain('<table>');
    // Our two images are embedded; the remote one is not fetched, its caption stays.
    expect(html.match(/<img /g)).toHaveLength(2);
    expect(html).toContain('网络图片说明');

    const files = unzipSync(new Uint8Array(res.rawPayload));
    const media = Object.keys(files).filter((name) => name.startsWith('word/media/'));
    expect(media).toHaveLength(2);
    // The WebP image became a PNG (Word files cannot hold WebP).
    for (const name of media) expect(pngSize(files[name]!).width).toBeGreaterThan(0);
    // Scaled to the page width: 1600 px wide becomes 600 px = 5715000 EMU.
    const document = new TextDecoder().decode(files['word/document.xml']);
    expect(document).toContain('cx="5715000"');
  });

  it('gives WeChat HTML with inline styles only and absolute image addresses', async () => {
    const owner = await signedInUser(t);
    const { articleId } = await seedArticle(owner);
    const res = await get(exportUrl(articleId, 'wechat-html'), owner.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, title: '春季护肤指南' });
    const html: string = body.html;
    expect(html).not.toContain('<style');
    expect(html).not.toContain(' class=');
    expect(html).not.toContain('<script');
    const tags = html.match(/<[a-z][a-z0-9]*\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(20);
    // Every element carries its look, but a table's row groups and rows and a line break, which have none.
    for (const tag of tags) if (!/^<(thead|tbody|tr|br)\b/.test(tag)) expect(tag, tag).toContain('style="');
    for (const element of ['<h2', '<section', '<blockquote', '<pre', '<code', '<table', '<td', '<img']) {
      expect(html, element).toContain(element);
    }
    // Lists as sections: the WeChat editor mangles ul/ol (decision 072).
    expect(html).not.toMatch(/<ul|<ol|<li/);
    expect(html).toMatch(/<p style="[^"]*font-size: 16px;/);
    expect(html).toContain(`src="${PUBLIC_URL}/media/articles/${articleId}-1.png"`);
    // The title goes into the editor's own title field, not the body.
    expect(html).not.toContain('<h1');

    // The layout themes of GET /api/v1/themes apply to the export too; an unknown one is refused.
    const tech: string = (await get(`${exportUrl(articleId, 'wechat-html')}&theme=tech`, owner.cookie)).json().html;
    expect(tech).not.toBe(html);
    const unknown = await get(`${exportUrl(articleId, 'wechat-html')}&theme=neon`, owner.cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('未知的排版主题');
  });

  it('keeps script, javascript: links and event handlers out of the WeChat HTML', async () => {
    const owner = await signedInUser(t);
    const content = [
      '# 标题',
      '',
      '<script>alert(1)</script>',
      '',
      '段落<img src=x onerror=alert(1)> [点我](javascript:alert(1))',
      '',
      '![x" onerror="alert(1)](javascript:alert(1))',
    ].join('\n');
    const { articleId } = await seedArticle(owner, { content });
    const html: string = (await get(exportUrl(articleId, 'wechat-html'), owner.cookie)).json().html;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
    for (const tag of tags) {
      expect(tag).not.toMatch(/\son[a-z]+=/i);
      expect(tag).not.toContain('javascript:');
    }
    expect(html).toContain('&lt;script&gt;');
  });

  it('zips 3:4 PNG cards, a cover with the title first', async () => {
    const owner = await signedInUser(t);
    const { articleId } = await seedArticle(owner);
    const res = await get(exportUrl(articleId, 'xhs-cards'), owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('春季护肤指南-小红书图片.zip')}`);

    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    expect(names[0]).toBe('01-封面.png');
    expect(names.slice(1)).toEqual(names.slice(1).map((_, index) => `${String(index + 2).padStart(2, '0')}.png`));
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(names.length).toBeLessThanOrEqual(11);
    for (const name of names) expect(pngSize(files[name]!), name).toEqual({ width: 1080, height: 1440 });

    // The cover is not blank: sampled pixels differ, and the dark ink of the title is there.
    const cover = await loadImage(Buffer.from(files['01-封面.png']!));
    const canvas = createCanvas(1080, 1440);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(cover, 0, 0);
    const pixels = ctx.getImageData(0, 0, 1080, 1440).data;
    const colours = new Set<string>();
    let dark = 0;
    for (let y = 0; y < 1440; y += 9) {
      for (let x = 0; x < 1080; x += 9) {
        const i = (y * 1080 + x) * 4;
        colours.add(`${pixels[i]},${pixels[i + 1]},${pixels[i + 2]}`);
        if (pixels[i]! + pixels[i + 1]! + pixels[i + 2]! < 150) dark++;
      }
    }
    expect(colours.size).toBeGreaterThan(20);
    expect(dark).toBeGreaterThan(200);
  });

  it('refuses a visitor, another user, an unknown format and a malformed id', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const { articleId } = await seedArticle(owner);
    for (const format of ['md', 'docx', 'wechat-html', 'xhs-cards']) {
      const stranger = await get(exportUrl(articleId, format), other.cookie);
      expect(stranger.statusCode, format).toBe(404);
      expect(stranger.json()).toMatchObject({ success: false, message: '未找到文章' });
      expect((await get(exportUrl(articleId, format), '')).statusCode, format).toBe(401);
    }
    for (const url of [exportUrl(articleId, 'pdf'), `/api/v1/article/${articleId}/export`]) {
      const res = await get(url, owner.cookie);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: '不支持的导出格式，可选：md、docx、wechat-html、xhs-cards' });
    }
    expect((await get(exportUrl('a%20b', 'md'), owner.cookie)).statusCode).toBe(400);
    expect((await get(exportUrl('anonexistent0000', 'md'), owner.cookie)).statusCode).toBe(404);
  });
});
