import type { z } from 'zod';
import { badRequest, notFound } from '../platform/errors.js';

/*
 * What every /api/admin call reads the same way: a list's page, a user id in the path, a body
 * checked against its schema, a search text used in LIKE.
 */

/** `page` of a list: a positive integer, 1 when absent. */
export function pageOf(value: unknown): number {
  if (value === undefined || value === '') return 1;
  const page = Number(value);
  if (!Number.isSafeInteger(page) || page < 1 || page > 100_000) throw badRequest('页码有误');
  return page;
}

/** A user id in the path; anything else is a user that does not exist. */
export function userIdOf(value: string): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id)) throw notFound('未找到该用户');
  return id;
}

/** The body as the schema reads it, or 400 with the schema's first Chinese message. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '请求参数有误');
  return parsed.data;
}

/** A search text for LIKE: its wildcards escaped, so that a search for 50% finds 50%. */
export const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
