import { describe, expect, it } from 'vitest';
import { CREATION_MESSAGES, creationTopicSchema, customChoicesSchema } from './creation-forms.js';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message);

describe('creation form schemas', () => {
  it('asks for a topic that is not only spaces, and trims it', () => {
    expect(message(creationTopicSchema.safeParse('   '))).toEqual(['请输入文章主题']);
    expect(CREATION_MESSAGES.noTopic).toBe('请输入文章主题');
    expect(creationTopicSchema.parse(' 如何高效学习 ')).toBe('如何高效学习');
  });

  it('asks for the custom words when 自定义 is chosen and left blank, audience first', () => {
    const guided = { audience: 'worker', customAudience: '' };
    expect(customChoicesSchema.safeParse(guided).success).toBe(true);
    expect(message(customChoicesSchema.safeParse({ ...guided, audience: 'custom', customAudience: ' ' }))).toEqual(['请填写自定义目标受众']);
    expect(message(customChoicesSchema.safeParse({ audience: 'custom', customAudience: '', industry: 'custom', customIndustry: '' }))).toEqual([
      '请填写自定义目标受众',
    ]);
    expect(message(customChoicesSchema.safeParse({ ...guided, industry: 'custom', customIndustry: '' }))).toEqual(['请填写自定义行业领域']);
    expect(customChoicesSchema.safeParse({ ...guided, industry: 'custom', customIndustry: '跨境电商' }).success).toBe(true);
  });
});
