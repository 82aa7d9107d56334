import type { Material } from '../agents/types.js';

/** A title fit to stand in 《》: without a file extension and without brackets of its own. */
export function materialTitle(material: Material): string {
  const title = material.title
    .trim()
    .replace(/\.(pdf|docx?|txt|md|html?|pptx?|xlsx?)$/i, '')
    .replace(/[《》]/g, '');
  return title || '参考资料';
}
