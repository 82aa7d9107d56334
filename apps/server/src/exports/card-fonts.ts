import { cjkFontFamily } from '../platform/cjk-font.js';

/**
 * The CSS family list for the Xiaohongshu cards, or null when no CJK font can be loaded: the
 * platform's CJK font (Noto Sans SC from npm, see platform/cjk-font.ts), registered here rather
 * than through the image adapter, whose renderer may run elsewhere (a worker pool), so exports
 * do not depend on it.
 */
export function cardFontFamily(): string | null {
  return cjkFontFamily();
}
