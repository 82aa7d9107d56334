import { DEFAULT_WECHAT_THEME, PICTURE_CREDIT_LINE, type WechatThemeId } from '@tianma/shared';
import { Marked, Renderer, type Token, type Tokens } from 'marked';
import { safeUrl } from '../../articles/render-html.js';
import { css } from './css.js';
import { escapeHtml } from '../../platform/escape-html.js';
import { Footnotes, isWechatArticleUrl } from './footnotes.js';
import { spaceInlineBoundaries } from './inline-spacing.js';
import { spaceCjkLatin } from './text-spacing.js';
import { type ThemeStyles, themeStyles } from './theme-styles.js';

/**
 * Markdown to HTML the WeChat official-account editor keeps (decision 072): every style inline,
 * no class, id, <style> or <script>; lists as <section> lines with the marker as text; links
 * outside mp.weixin.qq.com as numbered footnotes; a space between Chinese and Latin text;
 * images absolute and full width; one <section> root. Raw HTML in the markdown is shown as
 * text and unsafe addresses are dropped, as in render-html.ts.
 */
export interface WechatRenderOptions {
  /** The site's public address: relative image and link addresses are made absolute to it. */
  publicUrl?: string;
}

const BULLETS = ['•', '◦', '▪'];
const defaultText = Renderer.prototype.text;

export function renderWechatHtml(markdown: string, themeId: WechatThemeId = DEFAULT_WECHAT_THEME, options: WechatRenderOptions = {}): string {
  const styles = themeStyles(themeId);
  const footnotes = new Footnotes();
  const marked = new Marked({ gfm: true, renderer: wechatRenderer(styles, footnotes, options) });
  const tokens = marked.lexer(markdown);
  // NOTE: the editor has its own title field, so a leading `# title` would show the title twice.
  const first = tokens.find((token) => token.type !== 'space');
  if (first?.type === 'heading' && (first as Tokens.Heading).depth === 1) tokens.splice(tokens.indexOf(first), 1);
  marked.walkTokens(tokens, (token) => {
    if ('tokens' in token && Array.isArray(token.tokens) && isInlineParent(token)) spaceInlineBoundaries(token.tokens);
    if (token.type === 'table') for (const cell of tableCells(token as Tokens.Table)) spaceInlineBoundaries(cell.tokens);
  });
  return `<section style="${styles.root}">${marked.parser(tokens)}${footnotes.render(styles)}</section>`;
}

const INLINE_PARENTS = new Set(['paragraph', 'heading', 'text', 'strong', 'em', 'del', 'link']);
const isInlineParent = (token: Token) => INLINE_PARENTS.has(token.type);
const tableCells = (table: Tokens.Table) => [...table.header, ...table.rows.flat()];

/** Absolute http(s) address for our own relative ones; other safe schemes (mailto:) stay; unsafe ones are ''. */
export function resolveUrl(href: string, publicUrl: string | undefined): string {
  const safe = safeUrl(href);
  if (!safe || /^[a-z][a-z0-9+.-]*:/i.test(safe)) return safe;
  if (!publicUrl) return safe;
  try {
    return new URL(safe, `${publicUrl}/`).href;
  } catch {
    return '';
  }
}

function wechatRenderer(styles: ThemeStyles, footnotes: Footnotes, options: WechatRenderOptions) {
  let quoteDepth = 0;
  const imageTag = (token: Tokens.Image) => {
    const src = resolveUrl(token.href, options.publicUrl);
    const usable = /^https?:/i.test(src) || (!options.publicUrl && src !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(src));
    if (!usable) return escapeHtml(token.text);
    return `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.text)}" style="${styles.img}">`;
  };

  return {
    heading(this: Renderer, token: Tokens.Heading) {
      const level = Math.min(token.depth, 4) as 1 | 2 | 3 | 4;
      return `<h${level} style="${styles[`h${level}`]}">${this.parser.parseInline(token.tokens)}</h${level}>`;
    },
    paragraph(this: Renderer, token: Tokens.Paragraph) {
      const figure = asFigure(token.tokens);
      if (figure) {
        const caption = [figure.image.text.trim(), figure.credit ?? ''].filter((line) => line !== '').map((line) => `<p style="${styles.caption}">${escapeHtml(spaceCjkLatin(line))}</p>`);
        return `<section style="${styles.figure}">${imageTag(figure.image)}${caption.join('')}</section>`;
      }
      return `<p style="${quoteDepth > 0 ? styles.quoteP : styles.p}">${this.parser.parseInline(token.tokens)}</p>`;
    },
    blockquote(this: Renderer, token: Tokens.Blockquote) {
      quoteDepth++;
      const inner = this.parser.parse(token.tokens);
      quoteDepth--;
      return `<blockquote style="${styles.blockquote}">${inner}</blockquote>`;
    },
    list(this: Renderer, token: Tokens.List) {
      return `<section style="margin: 0 0 1.2em;">${renderList(this, token, 0)}</section>`;
    },
    checkbox: () => '',
    code(token: Tokens.Code) {
      // NOTE: the editor collapses white space, so indentation becomes no-break spaces and line ends <br>.
      const lines = token.text.replace(/\n$/, '').split('\n');
      const body = lines.map((line) => escapeHtml(line).replace(/\t/g, '    ').replace(/ /g, '&nbsp;')).join('<br>');
      return `<pre style="${styles.pre}"><code style="${styles.preCode}">${body}</code></pre>`;
    },
    codespan: (token: Tokens.Codespan) => `<code style="${styles.code}">${escapeHtml(token.text)}</code>`,
    table(this: Renderer, token: Tokens.Table) {
      const cell = (each: Tokens.TableCell) => {
        const tag = each.header ? 'th' : 'td';
        const style = each.align ? css(styles[tag], `text-align: ${each.align}`) : styles[tag];
        return `<${tag} style="${style}">${this.parser.parseInline(each.tokens)}</${tag}>`;
      };
      const head = `<thead><tr>${token.header.map(cell).join('')}</tr></thead>`;
      const body = token.rows.length ? `<tbody>${token.rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('')}</tbody>` : '';
      return `<section style="${styles.tableWrap}"><table style="${styles.table}">${head}${body}</table></section>`;
    },
    hr: () => `<hr style="${styles.hr}">`,
    strong(this: Renderer, token: Tokens.Strong) {
      return `<strong style="${styles.strong}">${this.parser.parseInline(token.tokens)}</strong>`;
    },
    em(this: Renderer, token: Tokens.Em) {
      return `<em style="${styles.em}">${this.parser.parseInline(token.tokens)}</em>`;
    },
    del(this: Renderer, token: Tokens.Del) {
      return `<del style="${styles.del}">${this.parser.parseInline(token.tokens)}</del>`;
    },
    br: () => '<br>',
    html(token: Tokens.HTML | Tokens.Tag) {
      const text = escapeHtml(token.text.trim());
      return 'block' in token && token.block ? `<p style="${styles.p}">${text}</p>` : text;
    },
    link(this: Renderer, token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      const href = resolveUrl(token.href, options.publicUrl);
      if (!href) return text;
      if (isWechatArticleUrl(href)) return `<a href="${escapeHtml(href)}" style="${styles.a}">${text}</a>`;
      // An address written out in full is already readable; a footnote would repeat it.
      if (token.text.trim() === token.href.trim()) return text;
      return `${text}${footnotes.reference(footnotes.numberOf(href), styles)}`;
    },
    image: imageTag,
    text(this: Renderer, token: Tokens.Text | Tokens.Escape) {
      if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
      return defaultText.call(this, { ...token, text: token.type === 'escape' ? token.text : spaceCjkLatin(token.text) } as Tokens.Text);
    },
  };

  function renderList(renderer: Renderer, list: Tokens.List, depth: number): string {
    const start = Number(list.start || 1);
    const indent = depth > 0 ? `margin-left: ${depth * 1.4}em;` : '';
    return list.items
      .map((item, index) => {
        const marker = item.task ? (item.checked ? '☑' : '☐') : list.ordered ? `${start + index}.` : BULLETS[depth % BULLETS.length];
        let line: string | null = null;
        let rest = '';
        for (const child of item.tokens) {
          if (child.type === 'checkbox') continue;
          if (child.type === 'list') rest += renderList(renderer, child as Tokens.List, depth + 1);
          else if ((child.type === 'text' || child.type === 'paragraph') && 'tokens' in child && child.tokens) {
            const inline = renderer.parser.parseInline(child.tokens);
            if (line === null) line = inline;
            else rest += `<section style="${css(styles.listLine, indent, 'padding-left: 1.4em;')}">${inline}</section>`;
          } else rest += renderer.parser.parse([child]);
        }
        const head = `<section style="${css(styles.listLine, indent)}"><span style="${styles.listMarker}">${marker}</span>${line ?? ''}</section>`;
        return head + rest;
      })
      .join('');
  }
}

/** A paragraph that is one picture, optionally with its `*图片来源：…*` credit on the next line. */
function asFigure(tokens: Token[]): { image: Tokens.Image; credit?: string } | null {
  const parts = tokens.filter((token) => !(token.type === 'br' || (token.type === 'text' && !token.raw.trim())));
  const [image, credit, ...more] = parts;
  if (image?.type !== 'image' || more.length > 0) return null;
  if (!credit) return { image: image as Tokens.Image };
  if (credit.type === 'em' && PICTURE_CREDIT_LINE.test(credit.raw)) return { image: image as Tokens.Image, credit: (credit as Tokens.Em).text.trim() };
  return null;
}
