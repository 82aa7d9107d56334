import { imageCaption } from '@tianma/shared';
import { libraryPictureFor } from '../../images/section-pictures.js';
import type { ImagePlan, Outline, SectionDraft } from '../agents/types.js';
import type { StageContext } from '../stage-context.js';

export interface PlacedImage {
  sectionIndex: number;
  url: string;
  caption: string;
  /** A stock picture's credit (from the user's library), written under it. */
  attribution?: string;
  /** The library picture placed here, when it is one. */
  imageId?: string;
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
 * Stage 8: a picture for each planned place. A section first looks in the user's own image
 * library (their uploads, the pictures of their documents, stock pictures they kept) for a
 * picture clearly about it; otherwise, and for the cover, the image port renders a card or
 * generates an image, which is stored. A failed image is skipped and logged: an image never
 * fails the article.
 */
export async function generateImages(
  ctx: StageContext,
  plans: ImagePlan[],
  outline: Pick<Outline, 'title' | 'sections'>,
  sections: readonly Pick<SectionDraft, 'heading' | 'markdown'>[] = [],
): Promise<PlacedImage[]> {
  const { images, storage, logger, library } = ctx.deps;
  const { brief } = ctx.request;
  const placed: PlacedImage[] = [];
  const used = new Set<string>();
  for (const [i, plan] of plans.entries()) {
    await ctx.report({ message: `正在生成配图 ${i + 1}/${plans.length}` });
    try {
      const section = plan.sectionIndex >= 0 ? sections[plan.sectionIndex] : undefined;
      const own =
        library && section
          ? await libraryPictureFor(library, { userId: ctx.task.userId, heading: section.heading, text: section.markdown, used, signal: ctx.signal })
          : null;
      if (own?.imageId) {
        used.add(own.imageId);
        placed.push({
          sectionIndex: plan.sectionIndex,
          url: own.url,
          caption: own.caption,
          imageId: own.imageId,
          ...(own.attribution ? { attribution: own.attribution } : {}),
        });
        continue;
      }
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
