import { articleHeading, DEFAULT_SHARE_DESCRIPTION, DEFAULT_SHARE_TITLE, SHARE_TITLE_MAX, shareDescription, truncate } from '@tianma/shared';
import { escapeHtml } from '../platform/escape-html.js';
import type { SharedArticle } from './public-presenter.js';

/** What a link preview shows of a shared article (Open Graph and Twitter cards). */
export interface ShareMeta {
  title: string;
  description: string;
  image: string;
  url: string;
}

export const DEFAULT_SHARE_IMAGE = '/images/share-default.jpg';

const absolute = (publicUrl: string, pathOrUrl: string) => new URL(pathOrUrl, `${publicUrl.replace(/\/+$/, '')}/`).toString();

export function shareMetaOf(article: SharedArticle | null, articleId: string, publicUrl: string): ShareMeta {
  const url = absolute(publicUrl, `/shared/article/${encodeURIComponent(articleId)}`);
  if (!article) return { title: DEFAULT_SHARE_TITLE, description: DEFAULT_SHARE_DESCRIPTION, image: absolute(publicUrl, DEFAULT_SHARE_IMAGE), url };
  const title = truncate(article.title.trim() || articleHeading(article.content) || DEFAULT_SHARE_TITLE, SHARE_TITLE_MAX, '');
  // The heading repeats the title: the description starts with the body.
  const body = article.content.replace(/^#[ \t]+.*$/m, '');
  return {
    title,
    description: shareDescription(body),
    image: absolute(publicUrl, article.imageUrl || DEFAULT_SHARE_IMAGE),
    url,
  };
}

/**
 * The app's index.html with the article's title and share tags in its head, so that link
 * previews (WeChat, Weibo, Slack…) work without JavaScript. Every value is escaped.
 */
export function withShareMeta(indexHtml: string, meta: ShareMeta): string {
  const e = escapeHtml;
  const tags = [
    `<meta property="og:type" content="article" />`,
    `<meta property="og:title" content="${e(meta.title)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    `<meta property="og:image" content="${e(meta.image)}" />`,
    `<meta property="og:url" content="${e(meta.url)}" />`,
    `<meta property="og:site_name" content="天马" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${e(meta.title)}" />`,
    `<meta name="twitter:description" content="${e(meta.description)}" />`,
    `<meta name="twitter:image" content="${e(meta.image)}" />`,
    `<link rel="canonical" href="${e(meta.url)}" />`,
  ].join('\n    ');
  const withHead = indexHtml.includes('</head>') ? indexHtml : indexHtml.replace(/<html[^>]*>/i, (open) => `${open}<head><title></title></head>`);
  return withHead
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${e(meta.title)} - 天马</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, () => `<meta name="description" content="${e(meta.description)}" />`)
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
