import { z } from 'zod';

/** The `user` object of API.md, as the server presents it and the client reads it. */
export const userSchema = z.object({
  username: z.string(),
  avatar: z.string().optional(),
  email: z.string().optional(),
  userType: z.enum(['pro', 'basic']),
  /** Only for the people who run the product (issue 21): the console's link shows for them. */
  role: z.literal('operator').optional(),
  deepspaceId: z.number().int(),
  userAuth: z.object({
    level: z.number().int(),
    subscriptionExpiry: z.string().optional(),
    coinBalance: z.number().int(),
  }),
});
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z.object({ success: z.literal(true), user: userSchema });

/**
 * GET /api/account/session (docs/api-additions.md): the session check that answers 200 either way,
 * so a signed-out page logs no failed request; /api/account/user/me keeps API.md's 401.
 */
export const sessionResponseSchema = z.discriminatedUnion('authenticated', [
  z.object({ success: z.literal(true), authenticated: z.literal(true), user: userSchema }),
  z.object({ success: z.literal(true), authenticated: z.literal(false), user: z.null() }),
]);
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Public article info used by the home page's case cards. */
export const caseArticleSchema = z.object({
  title: z.string(),
  summary: z.string(),
  imageUrl: z.string(),
});
export type CaseArticle = z.infer<typeof caseArticleSchema>;

export const caseArticleResponseSchema = z.object({
  success: z.literal(true),
  data: caseArticleSchema,
});

/** Error answers keep each call's own shape (API.md conventions). */
export const accountErrorSchema = z.object({
  success: z.literal(false),
  msg: z.string().optional(),
  message: z.string().optional(),
  code: z.string().optional(),
});
