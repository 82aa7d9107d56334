import { z } from 'zod';
import { valuesOf, WRITING_STYLES } from '../constants/options.js';
import {
  REVISION_ACTIONS,
  REVISION_CONTEXT_CHARS,
  REVISION_MAX_ARTICLE_CHARS,
  REVISION_MAX_SELECTION_CHARS,
  WHOLE_ARTICLE_ACTIONS,
} from '../constants/revisions.js';

const offset = z.number({ error: '选区位置无效' }).int('选区位置无效').min(0, '选区位置无效');

/** POST /api/v1/articles/{articleId}/revisions (API.md). */
export const revisionRequestSchema = z
  .object({
    action: z.enum(REVISION_ACTIONS, { error: '不支持的操作' }),
    selection: z.object(
      {
        start: offset,
        end: offset,
        text: z.string({ error: '请先选中要处理的文字' }).max(REVISION_MAX_ARTICLE_CHARS, `全文不能超过${REVISION_MAX_ARTICLE_CHARS}字`),
      },
      { error: '请先选中要处理的文字' },
    ),
    options: z
      .object({ style: z.enum(valuesOf(WRITING_STYLES), { error: '不支持的语气' }).optional() })
      .optional(),
    /** The text around the selection as the editor has it now (it may not be saved yet). */
    context: z
      .object({
        before: z.string().max(REVISION_CONTEXT_CHARS * 4).optional(),
        after: z.string().max(REVISION_CONTEXT_CHARS * 4).optional(),
      })
      .optional(),
  })
  .superRefine((value, ctx) => {
    const { start, end, text } = value.selection;
    if (text.trim().length === 0) ctx.addIssue({ code: 'custom', path: ['selection', 'text'], message: '请先选中要处理的文字' });
    if (end < start || end - start !== text.length) ctx.addIssue({ code: 'custom', path: ['selection'], message: '选区与文字不一致，请重新选择' });
    const whole = WHOLE_ARTICLE_ACTIONS.includes(value.action);
    if (!whole && text.length > REVISION_MAX_SELECTION_CHARS) {
      ctx.addIssue({ code: 'custom', path: ['selection', 'text'], message: `一次最多处理${REVISION_MAX_SELECTION_CHARS}字，请缩小选区` });
    }
    if (value.action === 'tone' && !value.options?.style) ctx.addIssue({ code: 'custom', path: ['options', 'style'], message: '请选择要换成的语气' });
  });

export type RevisionRequest = z.infer<typeof revisionRequestSchema>;
