import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import { generationStageOutputs, generationTasks } from './tables.js';

/** The /media URLs of the images the article's task saved (its images stage). */
export async function savedImageUrls(db: Db, articleId: string): Promise<string[]> {
  const saved = await db
    .select({ output: generationStageOutputs.output })
    .from(generationStageOutputs)
    .innerJoin(generationTasks, eq(generationTasks.id, generationStageOutputs.taskId))
    .where(and(eq(generationTasks.articleId, articleId), eq(generationStageOutputs.key, 'images')));
  const urls: string[] = [];
  for (const { output } of saved) {
    if (!Array.isArray(output)) continue;
    for (const image of output as { url?: unknown }[]) {
      if (typeof image?.url === 'string' && image.url.startsWith('/media/')) urls.push(image.url);
    }
  }
  return urls;
}
