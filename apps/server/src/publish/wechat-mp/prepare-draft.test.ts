import { randomBytes } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { MpImageFile } from './mp-api-client.js';
import { DraftInputError, contentImages, planDraft, prepareDraft } from './prepare-draft.js';
import { WECHAT_IMAGE_MAX_BYTES, toWechatImage } from './wechat-image.js';

const PUBLIC = 'https://tianma.example';

async function picture(width: number, height: number, format: 'png' | 'webp' | 'jpeg', noisy = false): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (noisy) {
    const data = ctx.createImageData(width, height);
    data.data.set(randomBytes(data.data.length));
    for (let i = 3; i < data.data.length; i += 4) data.data[i] = 255;
    ctx.putImageData(data, 0, 0);
  } else {
    ctx.fillStyle = '#3366aa';
    ctx.fillRect(0, 0, width, height);
  }
  return format === 'png' ? canvas.encode('png') : format === 'webp' ? canvas.encode('webp') : canvas.encode('jpeg');
}

function fakeUploads(files: Record<string, Buffer>) {
  const uploaded: MpImageFile[] = [];
  const material: MpImageFile[] = [];
  return {
    uploaded,
    material,
    uploads: {
      read: async (key: string) => files[key] ?? null,
      uploadImage: async (file: MpImageFile) => {
        uploaded.push(file);
        return `https://mmbiz.qpic.cn/img${uploaded.length}?wx_fmt=png&a=1`;
      },
      addMaterial: async (file: MpImageFile) => {
        material.push(file);
        return `MEDIA_${material.length}`;
      },
    },
  };
}

const source = (markdown: string, extra: Partial<Parameters<typeof planDraft>[0]> = {}) => ({ title: '测试标题', markdown, coverUrl: null, authorName: null, summary: '一段摘要', ...extra });

describe('preparing a draft for the WeChat draft box', () => {
  it('uploads our pictures once each, replaces their addresses, leaves out external ones with a note', async () => {
    const png = await picture(40, 30, 'png');
    const webp = await picture(40, 30, 'webp');
    const { uploads, uploaded, material } = fakeUploads({ 'articles/a.png': png, 'articles/b.webp': webp });
    const markdown = '# 测试标题\n\n第一段 text。\n\n![图一](/media/articles/a.png)\n\n![图二](https://tianma.example/media/articles/b.webp)\n\n![再一次](/media/articles/a.png)\n\n![外部](https://other.example/x.png)\n';
    const { article, notes } = await prepareDraft(source(markdown), { publicUrl: PUBLIC }, uploads);
    expect(uploaded).toHaveLength(2);
    expect(uploaded[0]).toMatchObject({ filename: 'a.png', contentType: 'image/png' });
    expect(uploaded[0]!.data.equals(png)).toBe(true);
    expect(uploaded[1]).toMatchObject({ filename: 'b.jpg', contentType: 'image/jpeg' });
    expect(material).toHaveLength(1);
    expect(material[0]!.data.equals(png)).toBe(true);
    expect(article.thumb_media_id).toBe('MEDIA_1');
    expect(article.content).not.toContain('/media/');
    expect(article.content).not.toContain('other.example');
    expect(article.content).toContain('src="https://mmbiz.qpic.cn/img1?wx_fmt=png&amp;a=1"');
    expect(contentImages(article.content, PUBLIC)).toHaveLength(3);
    expect(article.content).not.toMatch(/class=|<script|<style|\bid=/);
    expect(notes).toEqual([expect.stringContaining('https://other.example/x.png')]);
    expect(Object.keys(article).sort()).toEqual(['article_type', 'author', 'content', 'digest', 'need_open_comment', 'only_fans_can_comment', 'thumb_media_id', 'title']);
    expect(article).toMatchObject({ title: '测试标题', digest: '一段摘要', author: '' });
  });

  it('the cover card is the cover when there is one', async () => {
    const { uploads, material } = fakeUploads({ 'articles/a.png': await picture(10, 10, 'png'), 'articles/cover.png': await picture(20, 20, 'png') });
    await prepareDraft(source('正文\n\n![图](/media/articles/a.png)', { coverUrl: '/media/articles/cover.png' }), { publicUrl: PUBLIC }, uploads);
    expect(material[0]!.filename).toBe('cover.png');
  });

  it('limits: every field too long named with how much to cut, nothing uploaded', async () => {
    const { uploads, uploaded, material } = fakeUploads({ 'articles/a.png': await picture(10, 10, 'png') });
    const long = source(`${'很长的正文。'.repeat(4000)}\n\n![图](/media/articles/a.png)`, { title: '标'.repeat(40) });
    const error = await prepareDraft(long, { publicUrl: PUBLIC, author: '作'.repeat(20), digest: '摘'.repeat(130) }, uploads).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DraftInputError);
    const message = (error as Error).message;
    expect(message).toContain('标题有 40 个字，公众号限 32 个字，请缩短 8 个字');
    expect(message).toContain('作者有 20 个字，公众号限 16 个字，请缩短 4 个字');
    expect(message).toContain('摘要有 130 个字，公众号限 128 个字，请缩短 2 个字');
    expect(message).toMatch(/正文排版后有 \d+ 个字符，公众号要求少于 20000 个/);
    expect(uploaded).toHaveLength(0);
    expect(material).toHaveLength(0);
  });

  it('a derived digest is cut to 128 characters; no picture: 「文章需要一张封面图」', async () => {
    const plan = planDraft(source('正文\n\n![图](/media/articles/a.png)', { summary: '摘'.repeat(200) }), { publicUrl: PUBLIC });
    expect([...plan.digest]).toHaveLength(128);
    expect(() => planDraft(source('只有文字，外部图 ![x](https://other.example/x.png)'), { publicUrl: PUBLIC })).toThrow('文章需要一张封面图');
  });

  it('a missing picture refuses the draft before any upload', async () => {
    const { uploads, uploaded, material } = fakeUploads({ 'articles/a.png': await picture(10, 10, 'png') });
    const error = await prepareDraft(source('![a](/media/articles/a.png)\n\n![b](/media/articles/gone.png)'), { publicUrl: PUBLIC }, uploads).catch((e: unknown) => e);
    expect((error as Error).message).toContain('/media/articles/gone.png');
    expect(uploaded.length + material.length).toBe(0);
  });

  it('a picture over 1 MB is recompressed to a JPEG under it; not a picture: refused by name', async () => {
    const big = await picture(1400, 1000, 'png', true);
    expect(big.length).toBeGreaterThan(WECHAT_IMAGE_MAX_BYTES);
    const file = await toWechatImage(big, 'big.png', 'big');
    expect(file.contentType).toBe('image/jpeg');
    expect(file.data.length).toBeLessThanOrEqual(WECHAT_IMAGE_MAX_BYTES);
    await expect(toWechatImage(Buffer.from('not an image'), 'x.png', 'x')).rejects.toThrow('图片「x.png」不是可识别的图片格式');
  });
});
