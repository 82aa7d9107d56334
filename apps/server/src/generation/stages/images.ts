import type { ImagePlan } from '../agents/types.js';
import type { StageContext } from '../stage-context.js';

export interface PlacedImage {
  sectionIndex: number;
  url: string;
  caption: string;
}

/**
 * Stage 8: renders or generates each planned image and stores it. A failed image is skipped
 * and logged: an image never fails the article.
 */
export async function generateImages(ctx: StageContext, plans: ImagePlan[]): Promise<PlacedImage[]> {
  const { images, storage, logger } = ctx.deps;
  const { brief } = ctx.request;
  const placed: PlacedImage[] = [];
  for (const [i, plan] of plans.entries()) {
    await ctx.report({ message: `正在生成配图 ${i + 1}/${plans.length}` });
    try {
      const image = await images.generate({
        kind: plan.sectionIndex < 0 ? 'cover' : 'section',
        platform: brief.platform,
        title: plan.sectionIndex < 0 ? ctx.task.topic : plan.caption,
        subtitle: plan.sectionIndex < 0 ? plan.caption : undefined,
        prompt: plan.prompt,
        signal: ctx.signal,
      });
      const ext = image.contentType === 'image/png' ? 'png' : image.contentType === 'image/webp' ? 'webp' : 'jpg';
      const key = `articles/${ctx.task.articleId}-${i}.${ext}`;
      await storage.put(key, image.bytes, image.contentType);
      placed.push({ sectionIndex: plan.sectionIndex, url: `/media/${key}`, caption: plan.caption });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      logger.warn({ err: error, taskId: ctx.task.taskId }, 'an image failed; the article goes on without it');
    }
  }
  return placed;
}
