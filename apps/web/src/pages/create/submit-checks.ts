import { CREATION_MESSAGES, creationTopicSchema, customChoicesSchema, type User } from '@tianma/shared';

/** The checks of spec §5 made before a start: the first failure's toast text, or the id to send. */

export const SUBMIT_TEXT = {
  noTopic: CREATION_MESSAGES.noTopic,
  noUser: '请先登录',
  badUser: '用户信息无效，请重新登录',
  proOnly: '高级创作模式仅对Pro用户开放，请升级您的账户',
  // The server's own wording for the same gaps (create-task.ts), caught here before a round trip.
  noCustomAudience: CREATION_MESSAGES.noCustomAudience,
  noCustomIndustry: CREATION_MESSAGES.noCustomIndustry,
} as const;

export interface CheckedValues {
  topic: string;
  audience: string;
  customAudience: string;
  industry?: string;
  customIndustry?: string;
}

export type SubmitCheck = { ok: true; deepspaceId: string } | { ok: false; message: string };

/**
 * Topic, user, deepspaceId, then a blank custom choice; the form's values by the shared creation
 * schemas. A deepspaceId of 0 is valid; undefined, null and '' are not (the type says number, but a
 * record from an older client is not trusted on that).
 */
export function checkSubmit(values: CheckedValues, user: User | null | undefined): SubmitCheck {
  const fail = (message: string): SubmitCheck => ({ ok: false, message });
  const topic = creationTopicSchema.safeParse(values.topic);
  if (!topic.success) return fail(topic.error.issues[0]?.message ?? SUBMIT_TEXT.noTopic);
  if (!user) return fail(SUBMIT_TEXT.noUser);
  const id: unknown = user.deepspaceId;
  if (id === undefined || id === null || id === '') return fail(SUBMIT_TEXT.badUser);
  const choices = customChoicesSchema.safeParse(values);
  if (!choices.success) return fail(choices.error.issues[0]?.message ?? SUBMIT_TEXT.noCustomAudience);
  return { ok: true, deepspaceId: String(id) };
}
