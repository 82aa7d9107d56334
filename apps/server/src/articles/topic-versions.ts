import type { PreviousVersions } from '@tianma/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { generationTasks } from '../generation/tables.js';
import type { Db } from '../platform/db/index.js';
import { articles } from './tables.js';

/**
 * Articles written for the same topic are versions of one another (decision 057). Two topics are
 * the same when they match ignoring case (ASCII letters) and whitespace (ASCII, no-break and the
 * full-width space). The rule is applied the same way here and in SQL, to the topic stored with the
 * article's task (generate's trimmed topic).
 */
const SPACES = ' \t\n\r\u000b\f\u00a0\u3000';
const SPACE_RUN = new RegExp(`[${SPACES}]+`, 'g');
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** The topic as compared: without whitespace, ASCII letters in lower case; '' for a blank topic. */
export function topicKey(topic: string): string {
  return topic.replace(SPACE_RUN, '').replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** topicKey of the task's stored topic, in SQL. */
const storedTopicKey: SQL<string> = sql<string>`translate(regexp_replace(${generationTasks.topic}, ${`[${SPACES}]+`}, '', 'g'), ${UPPER}, ${LOWER})`;

/** The user's own articles that came from a task, with that task's topic. */
const ownTaskArticles = (userId: number) => and(eq(articles.userId, userId), eq(generationTasks.userId, userId));

/** How many articles the user already has on this topic, and the latest; null when none (or no topic). */
export async function previousVersions(db: Db, userId: number, topic: string | undefined): Promise<PreviousVersions | null> {
  const key = topicKey(topic ?? '');
  if (!key) return null;
  const [latest] = await db
    .select({
      articleId: articles.articleId,
      title: articles.title,
      createdAt: articles.createdAt,
      // Counted over every match, before the limit.
      count: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(articles)
    .innerJoin(generationTasks, eq(generationTasks.articleId, articles.articleId))
    .where(and(ownTaskArticles(userId), eq(storedTopicKey, key)))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(1);
  if (!latest) return null;
  return { count: latest.count, latest: { articleId: latest.articleId, title: latest.title, createdAt: latest.createdAt.toISOString() } };
}

export interface TopicVersion {
  /** 1 for the first article on the topic, counted by creation time. */
  version: number;
  versions: number;
}

/**
 * The version numbers of the user's articles on these topics (the topics of one list page), by
 * article id. Every article on a topic is counted, on this page or not.
 */
export async function topicVersions(db: Db, userId: number, topics: readonly string[]): Promise<Map<string, TopicVersion>> {
  const keys = [...new Set(topics.map(topicKey).filter(Boolean))];
  const versions = new Map<string, TopicVersion>();
  if (keys.length === 0) return versions;
  const rows = await db
    .select({
      articleId: articles.articleId,
      version: sql<number>`row_number() over (partition by ${storedTopicKey} order by ${articles.createdAt}, ${articles.id})`.mapWith(Number),
      versions: sql<number>`count(*) over (partition by ${storedTopicKey})`.mapWith(Number),
    })
    .from(articles)
    .innerJoin(generationTasks, eq(generationTasks.articleId, articles.articleId))
    .where(and(ownTaskArticles(userId), inArray(storedTopicKey, keys)));
  for (const row of rows) versions.set(row.articleId, { version: row.version, versions: row.versions });
  return versions;
}
