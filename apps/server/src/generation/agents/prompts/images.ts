import type { ChatMessage } from '../../../providers/llm/llm-port.js';
import type { ArticleBrief, Outline } from '../types.js';
import { agentMessages } from './shared-context.js';

export const IMAGES_ROLE = '你是新媒体配图策划，负责决定文章的封面和插图放在哪里、画什么。';

/** Cover plus about one image per two sections, at most three in the body. */
export function imageCount(sectionCount: number): number {
  return Math.min(3, Math.max(1, Math.floor(sectionCount / 2)));
}

export function imagesMessages(brief: ArticleBrief, outline: Outline): ChatMessage[] {
  const last = outline.sections.length - 1;
  const rules = [
    '配图要服务于内容，风格统一，符合发布平台的视觉习惯；画面里不要出现文字、水印或真实人物的肖像。',
    '只输出一个 JSON 对象，不要输出解释或代码块标记。',
  ];
  return agentMessages(brief, outline, { role: IMAGES_ROLE, rules }, [
    [
      '输出格式（JSON）：',
      '{"images": [{"sectionIndex": -1, "prompt": "画面描述", "caption": "图片说明"}]}',
      `要求：1 张封面（sectionIndex 为 -1）加 ${imageCount(outline.sections.length)} 张插图；插图的 sectionIndex 是该节在【全文大纲】里的序号减 1（第 1 节为 0，……，第 ${last + 1} 节为 ${last}），图片放在该节之后，同一节最多一张。`,
      'prompt 用于文生图：具体描述主体、场景、构图、色调和画风；caption 是显示在图下的简短说明，不超过 20 字，使用简体中文。',
    ].join('\n'),
  ]);
}
