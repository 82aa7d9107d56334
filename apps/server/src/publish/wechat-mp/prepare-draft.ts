import { DEFAULT_WECHAT_THEME, type WechatThemeId, articleHeading, articleSummary } from '@tianma/shared';
import { storageKeyOf } from '../../exports/article-images.js';
import { resolveUrl, renderWechatHtml } from '../themes/render-wechat.js';
import type { MpDraftArticle, MpImageFile } from './mp-api-client.js';
import { toWechatImage } from './wechat-image.js';

/*
 * An article made into one draft/add article (decision 074): the themed WeChat HTML, the limits
 * checked before anything is uploaded, every picture of ours uploaded with media/uploadimg and its
 * address replaced, pictures from elsewhere left out (WeChat drops hot-linked images) with a note,
 * the cover uploaded as permanent material for thumb_media_id.
 */

export const DRAFT_LIMITS = { title: 32, author: 16, digest: 128, contentChars: 20_000, contentBytes: 1024 * 1024 } as const;

/** The user's input cannot make a draft; the message (Chinese) says what to change. Nothing was uploaded. */
export class DraftInputError extends Error {
  override name = 'DraftInputError';
}

export interface DraftSource {
  title: string;
  markdown: string;
  /** The article's cover card, if it has one. */
  coverUrl: string | null;
  authorName: string | null;
  summary: string;
}

export interface DraftOptions {
  theme?: WechatThemeId;
  /** Given by the user: checked against the limit, never cut. */
  author?: string;
  digest?: string;
  publicUrl: string;
}

export interface DraftUploads {
  /** The bytes of one of our pictures (a storage key), or null when it is missing. */
  read(key: string): Promise<Buffer | null>;
  uploadImage(file: MpImageFile): Promise<string>;
  addMaterial(file: MpImageFile): Promise<string>;
}

export interface PreparedDraft {
  article: MpDraftArticle;
  /** What was left out or changed, for the user (Chinese). */
  notes: string[];
}

const chars = (text: string) => [...text].length;

interface ContentImage {
  /** The tag as rendered. */
  tag: string;
  src: string;
  key: string | null;
}

const IMG_TAG = /<img src="([^"]*)"[^>]*>/g;
const unescapeHtml = (value: string) => value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The pictures of the rendered HTML: ours (with their storage key) and others (key null). */
export function contentImages(html: string, publicUrl: string): ContentImage[] {
  return [...html.matchAll(IMG_TAG)].map((match) => {
    const src = unescapeHtml(match[1]!);
    return { tag: match[0], src, key: storageKeyOf(src, publicUrl) };
  });
}

/** The fields and content, and every reason (Chinese) they cannot make a draft; nothing thrown (the preflight report reads it). */
export function draftPlan(source: DraftSource, options: DraftOptions) {
  const theme = options.theme ?? DEFAULT_WECHAT_THEME;
  const title = (source.title || articleHeading(source.markdown) || '').trim();
  const author = (options.author ?? source.authorName ?? '').trim();
  const digestGiven = options.digest !== undefined;
  let digest = (options.digest ?? source.summary ?? '').trim();
  if (!digestGiven && !digest) digest = articleSummary(source.markdown);
  if (!digestGiven && chars(digest) > DRAFT_LIMITS.digest) digest = `${[...digest].slice(0, DRAFT_LIMITS.digest - 1).join('')}…`;
  let html = renderWechatHtml(source.markdown, theme, { publicUrl: options.publicUrl });
  const notes: string[] = [];
  const images = contentImages(html, options.publicUrl);
  const external = images.filter((each) => !each.key);
  for (const image of external) {
    html = html.replace(image.tag, '');
    notes.push(`外部图片未上传，已从正文中省略（微信会删除外链图片）：${image.src}`);
  }

  const problems: string[] = [];
  if (!title) problems.push('文章没有标题，请先添加标题');
  const over = (label: string, value: string, max: number) => {
    const n = chars(value);
    if (n > max) problems.push(`${label}有 ${n} 个字，公众号限 ${max} 个字，请缩短 ${n - max} 个字`);
  };
  over('标题', title, DRAFT_LIMITS.title);
  over('作者', author, DRAFT_LIMITS.author);
  over('摘要', digest, DRAFT_LIMITS.digest);
  const contentChars = chars(html);
  if (contentChars >= DRAFT_LIMITS.contentChars) {
    problems.push(`正文排版后有 ${contentChars} 个字符，公众号要求少于 ${DRAFT_LIMITS.contentChars} 个，请删减约 ${contentChars - DRAFT_LIMITS.contentChars + 1} 个字符（约 ${Math.ceil(((contentChars - DRAFT_LIMITS.contentChars + 1) / contentChars) * 100)}% 的篇幅）`);
  }
  const bytes = Buffer.byteLength(html, 'utf8');
  if (bytes >= DRAFT_LIMITS.contentBytes) problems.push(`正文排版后有 ${(bytes / 1024 / 1024).toFixed(2)} MB，公众号要求小于 1 MB，请删减正文`);

  const ours = contentImages(html, options.publicUrl).filter((each) => each.key);
  const coverKey = (source.coverUrl ? storageKeyOf(resolveUrl(source.coverUrl, options.publicUrl), options.publicUrl) : null) ?? ours[0]?.key ?? null;
  if (!coverKey) problems.push('文章需要一张封面图：请在正文中插入一张图片或生成封面卡片（外部链接的图片不能作为封面）');
  return { title, author, digest, html, ours, external, coverKey, notes, problems };
}

/** The fields and content, limits checked (DraftInputError naming each field too long and by how much). */
export function planDraft(source: DraftSource, options: DraftOptions) {
  const plan = draftPlan(source, options);
  if (plan.problems.length > 0) throw new DraftInputError(plan.problems.join('；'));
  return { ...plan, coverKey: plan.coverKey! };
}

/** Plans, then uploads: each picture of ours once, the cover as permanent material; answers the draft article. */
export async function prepareDraft(source: DraftSource, options: DraftOptions, uploads: DraftUploads): Promise<PreparedDraft> {
  const plan = planDraft(source, options);
  const files = new Map<string, Promise<MpImageFile>>();
  const fileOf = (key: string, label: string) => {
    let file = files.get(key);
    if (!file) {
      file = (async () => {
        const bytes = await uploads.read(key);
        if (!bytes) throw new DraftInputError(`图片「${label}」已不存在或无法读取，请重新插入后再发布`);
        return toWechatImage(bytes, label, key.slice(key.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '') || 'image');
      })();
      files.set(key, file);
    }
    return file;
  };
  // Every picture read and converted before the first upload: a bad one refuses the whole draft.
  await Promise.all([...plan.ours.map((image) => fileOf(image.key!, image.src)), fileOf(plan.coverKey, '封面')]);

  const urls = new Map<string, string>();
  let html = plan.html;
  for (const image of plan.ours) {
    let url = urls.get(image.key!);
    if (!url) {
      url = await uploads.uploadImage(await fileOf(image.key!, image.src));
      urls.set(image.key!, url);
    }
    html = html.split(image.tag).join(image.tag.replace(/src="[^"]*"/, `src="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`));
  }
  const thumb = await uploads.addMaterial(await fileOf(plan.coverKey, '封面'));
  if (chars(html) >= DRAFT_LIMITS.contentChars) throw new DraftInputError(`替换图片地址后正文超过 ${DRAFT_LIMITS.contentChars} 个字符，请删减正文或图片`);
  return {
    article: {
      article_type: 'news',
      title: plan.title,
      author: plan.author,
      digest: plan.digest,
      content: html,
      thumb_media_id: thumb,
      need_open_comment: 0,
      only_fans_can_comment: 0,
    },
    notes: plan.notes,
  };
}
