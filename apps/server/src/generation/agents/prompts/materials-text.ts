import { defang } from '../../../providers/llm/prompt-data.js';
import type { Material } from '../types.js';

/**
 * Materials as numbered, delimited data: 【资料1】…【/资料1】. The numbers are the ones a writer
 * cites as [1]..[n].
 */
export function materialsText(materials: Material[]): string {
  if (materials.length === 0) return '（本次没有可用的参考资料，请依据常识写作，不要编造具体数据、引文或出处。）';
  return materials
    .map((material, i) => {
      const n = i + 1;
      const origin = material.source === 'knowledge' ? `知识库${material.position ? `，${material.position}` : ''}` : `网络搜索${material.url ? `，${material.url}` : ''}`;
      return `【资料${n}】\n标题：${defang(material.title)}（来源：${defang(origin)}）\n${defang(material.content)}\n【/资料${n}】`;
    })
    .join('\n\n');
}
