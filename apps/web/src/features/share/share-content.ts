import { SHARE_TITLE_MAX, shareDescription, shareTitle, stripMarkdown, truncate } from '@tianma/shared';
import { absoluteUrl, shareLink } from './share-link';

/** What a caller knows of the article it shares. */
export interface ShareSource {
  articleId: string | null | undefined;
  /** The article's markdown. */
  markdown: string | null | undefined;
  /** The article's cover, when it has one. */
  imageUrl?: string | null;
}

/** What the share channels receive (WeChat card, native share sheet, QR code, copied link). */
export interface ShareContent {
  articleId: string;
  title: string;
  description: string;
  /** Native share text: the article's first 30 characters. */
  text: string;
  /** Absolute. */
  imageUrl: string;
  /** Absolute: the site + /shared/article/{articleId}. */
  link: string;
}

export const NO_SHAREABLE_ARTICLE_TEXT = '没有可分享的文章';
export const NATIVE_SHARE_TEXT_LENGTH = 30;
/** A static picture on the site (spec §9), used when the article has no cover. */
export const DEFAULT_SHARE_IMAGE_PATH = '/images/share-default.jpg';

/** Spec §5: sharing needs an article id and article content. */
export function canShare(source: ShareSource | null | undefined): source is ShareSource & { articleId: string; markdown: string } {
  return Boolean(source?.articleId?.trim() && source.markdown?.trim());
}

/** The first level-1 heading line, removed: the card's title already says it. */
function withoutFirstHeading(markdown: string): string {
  return markdown.replace(/^#[ \t]+.*$/m, '');
}

/**
 * Share title (spec §5): the first level-1 heading, else the first non-empty line without
 * markdown marks, cut to 50 characters, else 精彩文章内容.
 */
export function shareTitleOf(markdown: string): string {
  return truncate(shareTitle(markdown), SHARE_TITLE_MAX, '');
}

/**
 * Share description (spec §5): plain text, newlines collapsed, 80 characters plus an ellipsis;
 * the default sentence when nothing is left. The heading is left out because the title
 * repeats it (the server's share tags do the same).
 */
export function shareDescriptionOf(markdown: string): string {
  return shareDescription(withoutFirstHeading(markdown));
}

/** Native share text (spec §5): the article's first 30 characters, as plain text on one line. */
export function nativeShareText(markdown: string): string {
  const plain = stripMarkdown(markdown).replace(/\s+/g, ' ').trim();
  return [...plain].slice(0, NATIVE_SHARE_TEXT_LENGTH).join('');
}

export function shareContentOf(source: ShareSource & { articleId: string; markdown: string }, origin: string = window.location.origin): ShareContent {
  const image = source.imageUrl?.trim() || DEFAULT_SHARE_IMAGE_PATH;
  return {
    articleId: source.articleId,
    title: shareTitleOf(source.markdown),
    description: shareDescriptionOf(source.markdown),
    text: nativeShareText(source.markdown),
    imageUrl: absoluteUrl(image, origin),
    link: shareLink(source.articleId, origin),
  };
}

/**
 * The page's own share tags (title, description, image, url, type article, large-image card),
 * for link previews and for WeChat's ⋯ menu when the JS-SDK is not configured. The server
 * writes the same tags into /shared/article/{id}; this keeps them right after in-app navigation.
 */
export function applyShareMeta(content: ShareContent, doc: Document = document): void {
  const set = (attribute: 'name' | 'property', key: string, value: string) => {
    let tag = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
    if (!tag) {
      tag = doc.createElement('meta');
      tag.setAttribute(attribute, key);
      doc.head.appendChild(tag);
    }
    tag.setAttribute('content', value);
  };
  set('name', 'description', content.description);
  set('property', 'og:type', 'article');
  set('property', 'og:title', content.title);
  set('property', 'og:description', content.description);
  set('property', 'og:image', content.imageUrl);
  set('property', 'og:url', content.link);
  set('name', 'twitter:card', 'summary_large_image');
  set('name', 'twitter:title', content.title);
  set('name', 'twitter:description', content.description);
  set('name', 'twitter:image', content.imageUrl);
}
