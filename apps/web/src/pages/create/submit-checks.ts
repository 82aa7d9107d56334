import type { User } from '@tianma/shared';

/** The checks of spec §5 made before a start: the first failure's toast text, or the id to send. */

export const SUBMIT_TEXT = {
  noTopic: '请输入文章主题',
  noUser: '请先登录',
  badUser: '用户信息无效，请重新登录',
  proOnly: '高级创作模式仅对Pro用户开放，请升级您的账户',
  // The server's own wording for the same gaps (create-task.ts), caught here before a round trip.
  noCustomAudience: '请填写自定义目标受众',
  noCustomIndustry: '请填写自定义行业领域',
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
 * Topic, user, deepspaceId, then a blank custom choice. A deepspaceId of 0 is valid; undefined, null
 * and '' are not (the type says number, but a record from an older client is not trusted on that).
 */
export function checkSubmit(values: CheckedValues, user: User | null | undefined): SubmitCheck {
  const fail = (message: string): SubmitCheck => ({ ok: false, message });
  if (!values.topic.trim()) return fail(SUBMIT_TEXT.noTopic);
  if (!user) return fail(SUBMIT_TEXT.noUser);
  const id: unknown = user.deepspaceId;
  if (id === undefined || id === null || id === '') return fail(SUBMIT_TEXT.badUser);
  if (values.audience === 'custom' && !values.customAudience.trim()) return fail(SUBMIT_TEXT.noCustomAudience);
  if (values.industry === 'custom' && !values.customIndustry?.trim()) return fail(SUBMIT_TEXT.noCustomIndustry);
  return { ok: true, deepspaceId: String(id) };
}
