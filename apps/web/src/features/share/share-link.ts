/** The public address of an article (spec §9: the site + /shared/article/{articleId}). */

export const SHARED_ARTICLE_PATH = '/shared/article/';

export function sharedArticlePath(articleId: string): string {
  return `${SHARED_ARTICLE_PATH}${encodeURIComponent(articleId)}`;
}

/**
 * The link that is shared. The origin is the page's own (`window.location.origin`), so a copy
 * served under another host name shares links to itself (docs/decisions/034-share-flow.md).
 */
export function shareLink(articleId: string, origin: string = window.location.origin): string {
  return `${origin.replace(/\/+$/, '')}${sharedArticlePath(articleId)}`;
}

/** An address made absolute against the origin (WeChat needs an absolute image address). */
export function absoluteUrl(pathOrUrl: string, origin: string = window.location.origin): string {
  try {
    return new URL(pathOrUrl, `${origin.replace(/\/+$/, '')}/`).toString();
  } catch {
    return pathOrUrl;
  }
}

/** A page address as WeChat signs it: without the fragment. */
export function withoutFragment(href: string): string {
  const hash = href.indexOf('#');
  return hash === -1 ? href : href.slice(0, hash);
}
