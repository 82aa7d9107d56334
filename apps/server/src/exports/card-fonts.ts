import { existsSync } from 'node:fs';
import path from 'node:path';
import { lazyRequire } from '../platform/lazy-require.js';

const canvasLib = lazyRequire<typeof import('@napi-rs/canvas')>('@napi-rs/canvas');

/**
 * The CJK font of the Xiaohongshu cards (fonts-noto-cjk). Registered here rather than through
 * the image adapter, whose renderer may run elsewhere (a worker pool), so exports do not depend on it.
 */
const FONT_DIRS = ['/usr/share/fonts/opentype/noto', '/usr/share/fonts/noto-cjk', '/usr/share/fonts/google-noto-cjk', '/usr/share/fonts/opentype/noto-cjk'];
const FILES = ['NotoSansCJK-Regular.ttc', 'NotoSansCJK-Bold.ttc'];
const ALIAS = 'Tianma Export CJK';

let family: string | null | undefined;

/** The CSS family list for the cards, or null when no CJK font is installed. */
export function cardFontFamily(): string | null {
  if (family !== undefined) return family;
  const dir = FONT_DIRS.find((candidate) => FILES.some((file) => existsSync(path.join(candidate, file))));
  if (!dir) {
    family = null;
    return family;
  }
  let loaded = 0;
  for (const file of FILES) {
    const full = path.join(dir, file);
    if (existsSync(full) && canvasLib().GlobalFonts.registerFromPath(full, ALIAS)) loaded++;
  }
  // NOTE: an alias of a .ttc names its first face (Japanese glyph forms for a few characters);
  // "Noto Sans CJK SC" wins where the system font manager knows it.
  family = loaded > 0 ? `"Noto Sans CJK SC", "${ALIAS}"` : null;
  return family;
}
