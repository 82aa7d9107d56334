import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '../platform/escape-html.js';

/** Link and image addresses: only http, https, irc, ircs, mailto, xmpp and relative ones (spec §5). */
export function safeUrl(href: string): string {
  const trimmed = href.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (!scheme) return trimmed.startsWith('//') ? '' : trimmed;
  return ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'].includes(scheme) ? trimmed : '';
}

/**
 * Markdown to HTML for the article fetch (`content_type=html`) and the share page. Raw HTML in the
 * markdown is shown as text, never executed, and unsafe link schemes become empty.
 */
const marked = new Marked({
  gfm: true,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(token: Tokens.Link) {
      const href = safeUrl(token.href);
      const text = this.parser.parseInline(token.tokens);
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      return href ? `<a href="${escapeHtml(href)}"${title} rel="noopener noreferrer">${text}</a>` : text;
    },
    image(token: Tokens.Image) {
      const src = safeUrl(token.href);
      return src ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.text)}" loading="lazy">` : escapeHtml(token.text);
    },
  },
});

export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
