import { z } from 'zod';

/**
 * POST /api/v1/topic/read (ours, docs/api-additions.md): what the server understood of a topic
 * before anything is charged — the subject, a word limit that disagrees with the length setting,
 * and the instructions the current writer cannot follow (decision 050).
 */
export const topicReadRequestSchema = z.object({
  topic: z.string({ error: '请输入文章主题' }).trim().min(1, '请输入文章主题').max(2000, '文章主题不能超过2000个字'),
  length: z.coerce.number({ error: '篇幅必须是数字' }).int('篇幅必须是整数').min(100, '篇幅不能少于100字').max(20000, '篇幅不能超过20000字'),
  advanced_mode: z.boolean().optional().default(false),
});
export type TopicReadRequest = z.infer<typeof topicReadRequestSchema>;

export interface TopicReadingInstruction {
  /** The clause as the user wrote it. */
  text: string;
  /** Whether the writer that will write this article follows it. */
  supported: boolean;
  /** Why not, in Chinese, when it is not followed. */
  note?: string;
}

export interface TopicReading {
  subject: string;
  /** The title the request names (《…》, 以…为题), used as written. */
  title?: string;
  /** The voice the request sets (你是…). */
  role?: string;
  genre?: string;
  /** The request's own length (300字以内), when it names one. */
  wordLimit?: { text: string; min: number; max: number; target: number };
  /** True when the length setting falls outside the request's word limit. */
  lengthConflict: boolean;
  /** The setting that would honour the word limit, within the slider's range, when one does. */
  suggestedLength?: number;
  instructions: TopicReadingInstruction[];
}
