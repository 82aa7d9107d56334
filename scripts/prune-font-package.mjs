// Image builds only (Dockerfile): removes the font files of the CJK font package that the compiled
// server does not draw with. The package ships nine weights of Noto Sans SC (~10 MB each) and
// preview images; the server uses two weights. Which two is asked of the server's own lookup
// (apps/server/dist/platform/cjk-font.js), so this cannot drift from it.
//
//   node scripts/prune-font-package.mjs        (after `npm run build`, in the image's tree)
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const { findCjkFont, fontPackageDir } = await import(pathToFileURL(path.join(root, 'apps/server/dist/platform/cjk-font.js')).href);
const dir = fontPackageDir();
const font = findCjkFont();
if (!dir || font?.source !== 'package') throw new Error('prune-font-package: the server finds no CJK font package to prune');

const keep = new Set([font.regular, font.bold].map((file) => path.resolve(file)));
let removed = 0;
for (const entry of fs.readdirSync(dir, { recursive: true })) {
  const file = path.resolve(dir, entry);
  if (/\.(ttf|otf|png)$/i.test(file) && !keep.has(file)) {
    removed += fs.statSync(file).size;
    fs.rmSync(file);
  }
}
const after = findCjkFont();
if (after?.regular !== font.regular || after?.bold !== font.bold) throw new Error('prune-font-package: the lookup changed after pruning');
console.log(`prune-font-package: kept ${[...keep].map((file) => path.relative(dir, file)).join(', ')}; removed ${(removed / 1e6).toFixed(0)} MB`);
