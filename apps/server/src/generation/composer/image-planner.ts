import type { Platform, WritingStyle } from '@tianma/shared';
import type { ArticleBrief, ImagePlan, Outline } from '../agents/types.js';
import { contextOf, isQuestion, stripEnd } from './compose-context.js';
import { shortLabel } from './topic-terms.js';

const ASPECT: Record<Platform, string> = {
  wechat: '横版 2.35:1',
  zhihu: '横版 16:9',
  xiaohongshu: '竖版 3:4',
};

const MOOD: Record<WritingStyle, string> = {
  professional_logical: '冷静理性的色调',
  efficient_concise: '极简构图',
  colloquial_fun: '轻松俏皮的卡通感',
  sincere_narrative: '温暖的叙事氛围',
  authoritative_expert: '稳重专业的质感',
  vivid_experience: '唯美诗意的光影',
  accessible_easyread: '明快友好的插画感',
};

/** A cover and an image after every second body section, with Chinese prompts and captions. */
export function planImagesOffline(brief: ArticleBrief, outline: Outline): ImagePlan[] {
  const ctx = contextOf(brief);
  const look = `${ctx.shape.visual}，${MOOD[brief.style]}，${ASPECT[brief.platform]}，画面简洁，不含文字`;
  const plans: ImagePlan[] = [
    {
      sectionIndex: -1,
      prompt: `${ctx.slots.platformLabel}文章封面：围绕“${ctx.terms.topic}”，以${ctx.terms.main}为视觉主体，${look}`,
      caption: outline.title,
    },
  ];
  const last = outline.sections.length - 1;
  let body = 0;
  for (const [index, section] of outline.sections.entries()) {
    if (index === 0 || index === last) continue;
    if (body % 2 === 0) {
      const point = section.keyPoints.find((keyPoint) => !isQuestion(keyPoint)) ?? section.heading;
      plans.push({
        sectionIndex: index,
        prompt: `配合小节“${section.heading}”的插图：表现“${stripEnd(point)}”的场景，与${ctx.terms.main}相关，${look}`,
        caption: shortLabel(section.heading),
      });
    }
    body += 1;
  }
  return plans;
}
