import { truncate } from '@tianma/shared';
import { type PageFetchOverrides, readPage } from '../../providers/http/read-page.js';
import { SafeFetchError } from '../../providers/http/safe-fetch.js';
import type { StageContext } from '../stage-context.js';

const MAX_REFERENCE_CHARS = 20_000;
/** Less than this is a page without an article (a login wall, a video page), not a style to learn. */
const MIN_REFERENCE_CHARS = 50;

/** Tests only: lets a test reach its loopback server through the SSRF guard (see SafeFetchOptions). */
export type ReferenceFetchOverrides = PageFetchOverrides;

/**
 * The reference article's text: the pasted text, or the page behind the URL fetched through the
 * SSRF guard (http/https only, public addresses, size and time limits, charset from the page),
 * its main text picked out by Readability and headed by the article's title (a headline's
 * manner is part of a style). A page that cannot be read is reported to the user and the
 * article goes on without a style.
 */
export async function referenceText(
  ctx: Pick<StageContext, 'request' | 'signal' | 'report'>,
  overrides: ReferenceFetchOverrides = {},
): Promise<string | null> {
  const reference = ctx.request.reference;
  if (reference?.text?.trim()) return truncate(reference.text.trim(), MAX_REFERENCE_CHARS, '');
  if (!reference?.url) return null;
  await ctx.report({ message: '正在读取参考文章...', current_query: reference.url });
  try {
    const article = await readPage(reference.url, { signal: ctx.signal, maxBytes: 5 * 1024 * 1024, timeoutMs: 15_000, overrides });
    if (!article || article.text.length < MIN_REFERENCE_CHARS) {
      await ctx.report({ message: '参考文章正文过短或无法识别，已跳过风格提取' });
      return null;
    }
    const text = article.title ? `标题：${article.title}\n\n${article.text}` : article.text;
    return truncate(text, MAX_REFERENCE_CHARS, '');
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    const reason = error instanceof SafeFetchError ? error.userMessage : '无法访问该链接';
    await ctx.report({ message: `参考文章读取失败（${reason}），已跳过风格提取` });
    return null;
  }
}
