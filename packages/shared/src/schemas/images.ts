import { z } from 'zod';

/** POST /api/v1/images/search (API.md): candidate pictures for a paragraph, best first. */
export const imageSearchSchema = z.object({
  text: z
    .string({ error: '请提供要配图的段落' })
    .max(5000, '段落太长，请只选一段文字（5000字以内）')
    .refine((value) => value.trim().length > 0, '请提供要配图的段落'),
  articleId: z.string().max(64).optional(),
  limit: z.number().int().min(1, '数量至少为1').max(30, '一次最多返回30张').optional(),
});

/** POST /api/v1/images/import: copies a picked stock picture into the user's library. */
export const imageImportSchema = z.object({
  token: z.string({ error: '缺少要导入的图片' }).min(1, '缺少要导入的图片').max(4000, '图片信息无效'),
});

/** POST /api/v1/images/generate: a new picture for one paragraph of the user's article. */
export const imageGenerateSchema = z.object({
  text: imageSearchSchema.shape.text,
  articleId: z.string({ error: '缺少文章' }).min(1, '缺少文章').max(64, '未找到文章'),
});
