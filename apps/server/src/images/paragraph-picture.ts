import { randomInt } from 'node:crypto';
import type { Platform } from '@tianma/shared';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import type { ImagePort } from '../providers/images/image-port.js';

/** A card's title: the words a reader takes in at a glance. */
const TITLE_MAX_CHARS = 20;
/** What a model is told about the paragraph: its opening is what the picture should show. */
const PROMPT_MAX_CHARS = 300;

const ASPECT: Record<Platform, string> = { wechat: '横版 16:9', zhihu: '横版 16:9', xiaohongshu: '竖版 3:4' };

/** The paragraph as plain words: no markdown marks, links as their text, pictures dropped. */
export function plainParagraph(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/gu, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+[.)])\s+/gmu, '')
    .replace(/[*_`~]+/gu, '')
    .replace(/\[\d+\]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * The card's title for a paragraph: its first sentence, or that sentence's first clauses up to
 * TITLE_MAX_CHARS, cut where a clause ends rather than inside a word; a lead-in like 第一， or
 * 其实 is dropped, since a title does not continue a thought.
 */
export function paragraphTitle(text: string): string {
  const plain = plainParagraph(text);
  const sentence = (plain.split(/(?<=[。！？!?；;])/u)[0] ?? plain).replace(/[。！？!?；;]+$/u, '');
  const clauses = sentence
    .replace(/^(?:第[一二三四五六七八九十]+|首先|其次|另外|此外|其实|所以|因此|但是|不过|总之|最后)[，,、：:]?/u, '')
    .split(/(?<=[，,、：:])/u);
  let title = '';
  for (const clause of clauses) {
    if ([...title + clause].length > TITLE_MAX_CHARS) break;
    title += clause;
  }
  if (!title) title = [...(clauses[0] ?? sentence)].slice(0, TITLE_MAX_CHARS).join('');
  return title.replace(/[，,、：:]+$/u, '').trim();
}

export interface ParagraphPicture {
  url: string;
  caption: string;
  source: 'card' | 'model';
}

/**
 * A new picture for one paragraph of an article: the configured image model draws the scene the
 * paragraph describes; without one (or when it fails) the card renderer draws the paragraph's
 * title. Stored under the article's name (articles/<id>-<n>), so it goes with the article.
 */
export async function drawParagraphPicture(
  deps: { images: ImagePort; storage: ObjectStorage },
  request: { articleId: string; platform: Platform; text: string; signal?: AbortSignal },
): Promise<ParagraphPicture> {
  const title = paragraphTitle(request.text);
  const scene = [...plainParagraph(request.text)].slice(0, PROMPT_MAX_CHARS).join('');
  const image = await deps.images.generate({
    kind: 'section',
    platform: request.platform,
    title,
    prompt: `为下面这段文字配一张插图，表现其中描述的场景：${scene}。${ASPECT[request.platform]}，画面简洁，不含文字`,
    signal: request.signal,
  });
  const ext = image.contentType === 'image/png' ? 'png' : image.contentType === 'image/webp' ? 'webp' : 'jpg';
  // Digits only after the article id: the article's deletion removes the images named so (ownImageKeys).
  const key = `articles/${request.articleId}-${Date.now()}${randomInt(100, 1000)}.${ext}`;
  await deps.storage.put(key, image.bytes, image.contentType);
  return { url: `/media/${key}`, caption: title, source: (image.madeBy ?? deps.images.name) === 'openai' ? 'model' : 'card' };
}
