/** Quick phrases of the feedback modal, in the spec's four groups (content-creation §3). */

export interface PhraseGroup {
  label: string;
  phrases: readonly string[];
}

export const FEEDBACK_PHRASE_GROUPS: readonly PhraseGroup[] = [
  { label: '内容', phrases: ['内容不够深入', '内容不够准确', '内容有重复', '观点不够新颖', '案例不够贴切'] },
  { label: '结构', phrases: ['结构不清晰', '段落过长', '层次不分明', '逻辑不连贯'] },
  { label: '表达', phrases: ['表达不够生动', '用词不准确', '语气不自然', '行文不流畅'] },
  { label: '风格', phrases: ['风格不统一', '过于正式', '过于口语化', '缺乏情感'] },
];

export const FEEDBACK_MAX_LENGTH = 1000;

/** Appends a chip's phrase, joined with a full-width comma (spec §4), never past the length limit. */
export function appendPhrase(text: string, phrase: string): string {
  const base = text.trimEnd();
  const joined = !base ? phrase : /[，,]$/.test(base) ? `${base}${phrase}` : `${base}，${phrase}`;
  // NOTE: UTF-16 units, like the textarea's maxLength.
  return joined.slice(0, FEEDBACK_MAX_LENGTH);
}
