import { imageCaption } from '@tianma/shared';
import type { ImagePlan, Outline } from '../agents/types.js';
import type { StageContext } from '../stage-context.js';

export interface PlacedImage {
  sectionIndex: number;
  url: string;
  caption: string;
}

/**
 * What a planned image shows and is captioned with. The cover card carries the article's title
 * (the outline's, which already holds a title the request named), never the user's raw topic or
 * the plan's prompt; a section card carries its caption, or the section's heading when the caption
 * is text written for an image model (「简洁的扁平插画…」) or a placeholder (「插图1」).
 */
export function imageText(plan: ImagePlan, outline: Pick<Outline, 'title' | 'sections'>, topic: string): { title: string; subtitle?: string; caption: string } {
  const articleTitle = outline.title.trim() || topic.trim();
  if (plan.sectionIndex < 0) {
    const caption = imageCaption(plan.caption, articleTitle);
    return { title: articleTitle, subtitle: caption === articleTitle ? undefined : caption, caption: articleTitle };
  }
  const heading = outline.sections[plan.sectionIndex]?.heading.trim() || articleTitle;
  const caption = imageCaption(plan.caption, heading);
  return { title: caption, caption };
}

/**
 * Stage 8: renders or generates each planned image and stores it. A failed image is skipped
 * and logged: an image never fails the article.
 */
export async function generateImages(ctx: StageContext, plans: ImagePlan[], outline: Pick<Outline, 'title' | 'sections'>): Promise<PlacedImage[]> {
  const { images, storage, logger } = ctx.deps;
  const { brief } = ctx.request;
  const placed: PlacedImage[] = [];
  for (const [i, plan] of plans.entries()) {
    await ctx.report({ message: `正在生成配图 ${i + 1}/${plans.length}` });
    try {
      const text = imageText(plan, outline, ctx.task.topic);
      const image = await images.generate({
        kind: plan.sectionIndex < 0 ? 'cover' : 'section',
        platform: brief.platform,
        title: text.title,
        subtitle: text.subtitle,
        prompt: plan.prompt,
        signal: ctx.signal,
      });
      const ext = image.contentType === 'image/png' ? 'png' : image.contentType === 'image/webp' ? 'webp' : 'jpg';
      const key = `articles/${ctx.task.articleId}-${i}.${ext}`;
      await storage.put(key, image.bytes, image.contentType);
      placed.push({ sectionIndex: plan.sectionIndex, url: `/media/${key}`, caption: text.caption });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      logger.warn({ err: error, taskId: ctx.task.taskId }, 'an image failed; the article goes on without it');
    }
  }
  return placed;
}
