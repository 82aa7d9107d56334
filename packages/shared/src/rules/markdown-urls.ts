/**
 * Makes the site-relative targets of a markdown text's images and links (`/media/…`, `/shared/…`)
 * absolute on `origin`, so that the text keeps its pictures when it is pasted or opened elsewhere
 * (issue 18, point 6). Absolute, protocol-relative (`//cdn…`) and page-relative targets, and
 * anything inside code (fenced blocks, inline code spans), are left as they are.
 */
export function absoluteMarkdownUrls(markdown: string, origin: string): string {
  const base = origin.replace(/\/+$/u, '');
  if (!base) return markdown;
  // Odd pieces are fenced code blocks (``` or ~~~ up to the matching fence).
  return markdown
    .split(/(^(?:```|~~~)[^\n]*\n[\s\S]*?^(?:```|~~~)[ \t]*$)/mu)
    .map((piece, index) => (index % 2 === 1 ? piece : absoluteOutsideCode(piece, base)))
    .join('');
}

function absoluteOutsideCode(text: string, base: string): string {
  // Odd pieces are inline code spans.
  return text
    .split(/(`+[^`\n]*`+)/u)
    .map((piece, index) =>
      index % 2 === 1 ? piece : piece.replace(/(!?\[[^\]\n]*\]\(\s*<?)(\/(?!\/)[^)\s>]*)/gu, (_match, head: string, target: string) => `${head}${base}${target}`),
    )
    .join('');
}
