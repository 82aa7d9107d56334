import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import { articles } from '../articles/tables.js';
import { SHOWCASE_ARTICLES } from './showcase/showcase-articles.js';

/**
 * The home page's four case articles ship as data. Seeding is idempotent and refreshes the
 * text, so an edit to the showcase file reaches existing databases at the next start.
 */
export async function seedShowcaseArticles(db: Db): Promise<void> {
  for (const article of SHOWCASE_ARTICLES) {
    await db
      .insert(articles)
      .values({
        articleId: article.articleId,
        title: article.title,
        summary: article.summary,
        content: article.content,
        imageUrl: article.imageUrl,
        platform: article.platform,
        authorName: article.author,
        isPublic: true,
        isShowcase: true,
        createdAt: new Date(article.createdAt),
        updatedAt: new Date(article.createdAt),
      })
      .onConflictDoUpdate({
        target: articles.articleId,
        set: {
          title: sql`excluded.title`,
          summary: sql`excluded.summary`,
          content: sql`excluded.content`,
          imageUrl: sql`excluded.image_url`,
        },
        setWhere: sql`${articles.isShowcase} = true`,
      });
  }
}
