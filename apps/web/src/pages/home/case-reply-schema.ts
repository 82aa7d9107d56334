import { caseArticleResponseSchema, caseArticleSchema } from '@tianma/shared';

// Title, summary and image may be missing; each then gets its own fallback instead of failing the card.
export const caseReplySchema = caseArticleResponseSchema.extend({
  data: caseArticleSchema.extend({
    title: caseArticleSchema.shape.title.nullish(),
    summary: caseArticleSchema.shape.summary.nullish(),
    imageUrl: caseArticleSchema.shape.imageUrl.nullish(),
  }),
});
