/**
 * The CJK font that the server draws Chinese text with (the cover and section cards, the
 * Xiaohongshu card export): Noto Sans SC from the npm package @expo-google-fonts/noto-sans-sc,
 * so `npm install` is all a machine needs (docs/decisions/042-cjk-font-from-npm.md). A system
 * Noto Sans CJK is used only when the package's files are missing; when both are there, the
 * package wins, so the same card is the same bytes on every machine.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { lazyRequire } from './lazy-require.js';

export interface CjkFont {
  /** Weight 400. */
  regular: string;
  /** Weight 700 (the titles); the regular file again when the system font has no bold. */
  bold: string;
  source: 'package' | 'system';
}

export interface FindCjkFontOptions {
  /** The package's directory; null: as if it were not installed. By default resolved with require. */
  packageDir?: string | null;
  /** Directories searched for the system Noto Sans CJK .ttc files. */
  systemDirs?: readonly string[];
}

export const FONT_PACKAGE = '@expo-google-fonts/noto-sans-sc';
const PACKAGE_FILES = { regular: '400Regular/NotoSansSC_400Regular.ttf', bold: '700Bold/NotoSansSC_700Bold.ttf' };

/** Where fonts-noto-cjk (Debian, Ubuntu) and its Fedora/Arch counterparts put the .ttc files. */
export const SYSTEM_FONT_DIRS: readonly string[] = [
  '/usr/share/fonts/opentype/noto',
  '/usr/share/fonts/noto-cjk',
  '/usr/share/fonts/google-noto-cjk',
  '/usr/share/fonts/opentype/noto-cjk',
];
const SYSTEM_FILES = { regular: 'NotoSansCJK-Regular.ttc', bold: 'NotoSansCJK-Bold.ttc' };

const require = createRequire(import.meta.url);

/** The installed font package's directory, or null. */
export function fontPackageDir(): string | null {
  try {
    return path.dirname(require.resolve(`${FONT_PACKAGE}/package.json`));
  } catch {
    return null;
  }
}

/** The font files to draw with: the package's, else a system Noto Sans CJK, else null. */
export function findCjkFont(options: FindCjkFontOptions = {}): CjkFont | null {
  const packageDir = options.packageDir === undefined ? fontPackageDir() : options.packageDir;
  if (packageDir) {
    const regular = path.join(packageDir, PACKAGE_FILES.regular);
    const bold = path.join(packageDir, PACKAGE_FILES.bold);
    if (existsSync(regular) && existsSync(bold)) return { regular, bold, source: 'package' };
  }
  for (const dir of options.systemDirs ?? SYSTEM_FONT_DIRS) {
    const regular = path.join(dir, SYSTEM_FILES.regular);
    const bold = path.join(dir, SYSTEM_FILES.bold);
    if (existsSync(regular)) return { regular, bold: existsSync(bold) ? bold : regular, source: 'system' };
    if (existsSync(bold)) return { regular: bold, bold, source: 'system' };
  }
  return null;
}

/** What to say when findCjkFont finds nothing. */
export function missingCjkFontMessage(systemDirs: readonly string[] = SYSTEM_FONT_DIRS): string {
  return `no CJK font found: the npm package ${FONT_PACKAGE} is not installed (run npm install) and none of ${systemDirs.join(', ')} has Noto Sans CJK`;
}

const canvasLib = lazyRequire<typeof import('@napi-rs/canvas')>('@napi-rs/canvas');
const ALIAS = 'Tianma CJK';
let family: string | null | undefined;

/**
 * Registers the CJK font with canvas, once per thread (a worker thread has its own module state),
 * and answers its CSS family list, or null when there is no font or canvas cannot load it.
 */
export function cjkFontFamily(): string | null {
  if (family !== undefined) return family;
  const font = findCjkFont();
  if (!font) {
    family = null;
    return family;
  }
  const { GlobalFonts } = canvasLib();
  const files = font.bold === font.regular ? [font.regular] : [font.regular, font.bold];
  const loaded = files.filter((file) => GlobalFonts.registerFromPath(file, ALIAS)).length;
  if (loaded === 0) family = null;
  // NOTE: an alias of a .ttc names its first face (Japanese glyph forms for a few characters);
  // "Noto Sans CJK SC" picks the Simplified Chinese face where the system font manager knows it.
  else family = font.source === 'system' ? `"Noto Sans CJK SC", "${ALIAS}"` : `"${ALIAS}"`;
  return family;
}
