import type { Db } from '../platform/db/index.js';
import { articleFeedback } from './tables.js';

export interface FeedbackInput {
  userId: number;
  articleId: string | null;
  type: string;
  content: string;
  /** The client's own time, when it sent one that parses (ours is createdAt). */
  timestamp?: string | null;
}

export async function recordFeedback(db: Db, input: FeedbackInput): Promise<void> {
  await db.insert(articleFeedback).values({
    userId: input.userId,
    articleId: input.articleId,
    type: input.type,
    content: input.content,
    clientTimestamp: clientTime(input.timestamp),
  });
}

/** The client's ISO time when it parses and is not absurd; otherwise nothing. */
function clientTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return null;
  const year = new Date(time).getUTCFullYear();
  return year >= 2000 && year <= 2100 ? new Date(time) : null;
}
