import { escapeHtml } from '../../platform/escape-html.js';
import type { ThemeStyles } from './theme-styles.js';

/**
 * External links as numbered footnotes: WeChat articles may only link to mp.weixin.qq.com, so
 * a link elsewhere becomes its text with a superscript [n], and the addresses are listed as
 * plain text under 参考链接 at the end. The same address keeps its first number.
 */
export class Footnotes {
  private readonly numbers = new Map<string, number>();

  /** The footnote number of this address, given in order of first appearance. */
  numberOf(url: string): number {
    let number = this.numbers.get(url);
    if (number === undefined) {
      number = this.numbers.size + 1;
      this.numbers.set(url, number);
    }
    return number;
  }

  reference(number: number, styles: ThemeStyles): string {
    return `<sup style="${styles.footnoteRef}">[${number}]</sup>`;
  }

  /** The 参考链接 list, or nothing when the article links nowhere outside WeChat. */
  render(styles: ThemeStyles): string {
    if (this.numbers.size === 0) return '';
    const items = Array.from(this.numbers, ([url, number]) =>
      `<p style="${styles.footnoteItem}">[${number}] <span style="${styles.footnoteUrl}">${escapeHtml(url)}</span></p>`,
    );
    return `<section style="${styles.footnotes}"><p style="${styles.footnotesTitle}">参考链接</p>${items.join('')}</section>`;
  }
}

/** Links WeChat lets an article keep: other official-account articles. */
export function isWechatArticleUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname === 'mp.weixin.qq.com';
  } catch {
    return false;
  }
}
