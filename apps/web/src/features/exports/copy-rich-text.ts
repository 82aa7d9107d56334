/**
 * Copies HTML so that a paste into a rich editor (the WeChat official-account editor) keeps its
 * formatting: the async Clipboard API with text/html and text/plain, else a selection of a hidden
 * contenteditable copied with execCommand (older browsers, or a clipboard the page may not write).
 */

const BLOCKS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'BLOCKQUOTE', 'PRE', 'TR', 'TABLE', 'UL', 'OL', 'SECTION', 'HR']);

/** The text of the HTML, one line per block, for editors that take plain text only. */
export function htmlToPlainText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  let out = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      out += (node.textContent ?? '').replace(/\u00a0/g, ' ');
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'BR') {
      out += '\n';
      return;
    }
    if (node.tagName === 'IMG') {
      out += node.getAttribute('alt') ?? '';
      return;
    }
    for (const child of Array.from(node.childNodes)) walk(child);
    if (BLOCKS.has(node.tagName)) out += '\n';
  };
  walk(body);
  return out.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** Writes the HTML (still being fetched: a promise) to the clipboard; rejects when the copy fails or the HTML does. */
export async function copyRichText(html: Promise<string>): Promise<void> {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (clipboard?.write && typeof ClipboardItem !== 'undefined') {
    // NOTE: the item is made now, inside the click, with promises for its data: Safari refuses a
    // clipboard write that starts after an await has left the user's gesture.
    const htmlBlob = html.then((value) => new Blob([value], { type: 'text/html' }));
    const textBlob = html.then((value) => new Blob([htmlToPlainText(value)], { type: 'text/plain' }));
    htmlBlob.catch(() => {});
    textBlob.catch(() => {});
    try {
      await clipboard.write([new ClipboardItem({ 'text/html': htmlBlob, 'text/plain': textBlob })]);
      return;
    } catch {
      // The HTML's own failure is the one to report; otherwise try the older way.
      await html;
    }
  }
  if (!copyBySelection(await html)) throw new Error('copy failed');
}

function copyBySelection(html: string): boolean {
  const holder = document.createElement('div');
  holder.contentEditable = 'true';
  holder.setAttribute('aria-hidden', 'true');
  holder.style.cssText = 'position:fixed;left:-9999px;top:0;width:600px;opacity:0;pointer-events:none;';
  holder.innerHTML = html;
  document.body.appendChild(holder);
  const selection = window.getSelection();
  const saved = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  try {
    const range = document.createRange();
    range.selectNodeContents(holder);
    selection?.removeAllRanges();
    selection?.addRange(range);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    selection?.removeAllRanges();
    if (saved) selection?.addRange(saved);
    holder.remove();
  }
}
