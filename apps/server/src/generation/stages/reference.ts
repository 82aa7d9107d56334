import { truncate } from '@tianma/shared';
import { decodeBody, SafeFetchError, safeFetch } from '../../providers/http/safe-fetch.js';
import type { StageContext } from '../stage-context.js';

const MAX_REFERENCE_CHARS = 20_000;

/** The readable text of an HTML page: scripts, styles and navigation chrome dropped, blocks as lines. */
export function htmlToText(html: string): string {
  const body = /<article[\s>][\s\S]*?<\/article>/i.exec(html)?.[0] ?? /<body[\s>][\s\S]*<\/body>/i.exec(html)?.[0] ?? html;
  return body
    .replace(/<(script|style|noscript|template|svg|nav|header|footer|aside|form)[\s>][\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|section|blockquote|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
}

/**
 * The reference article's text: the pasted text, or the page behind the URL fetched through the
 * SSRF guard (http/https only, public addresses, size and time limits, charset from the page).
 * A page that cannot be read is reported to the user and the article goes on without a style.
 */
export async function referenceText(ctx: StageContext): Promise<string | null> {
  const reference = ctx.request.reference;
  if (reference?.text?.trim()) return truncate(reference.text.trim(), MAX_REFERENCE_CHARS, '');
  if (!reference?.url) return null;
  await ctx.report({ message: '正在读取参考文章...', current_query: reference.url });
  try {
    const page = await safeFetch(reference.url, { signal: ctx.signal, maxBytes: 5 * 1024 * 1024, timeoutMs: 15_000 });
    const text = htmlToText(decodeBody(page.body, page.contentType));
    if (text.length < 50) {
      await ctx.report({ message: '参考文章正文过短或无法识别，已跳过风格提取' });
      return null;
    }
    return truncate(text, MAX_REFERENCE_CHARS, '');
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    const reason = error instanceof SafeFetchError ? error.userMessage : '无法访问该链接';
    await ctx.report({ message: `参考文章读取失败（${reason}），已跳过风格提取` });
    return null;
  }
}
