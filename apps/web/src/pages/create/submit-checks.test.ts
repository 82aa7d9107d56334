import type { User } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { sampleUser } from '../../test/fixtures';
import { checkSubmit, SUBMIT_TEXT } from './submit-checks';

const values = { topic: '如何高效学习', audience: 'worker', customAudience: '' };

describe('checkSubmit', () => {
  it('asks for a topic first, even when signed out', () => {
    expect(checkSubmit({ ...values, topic: '   ' }, null)).toEqual({ ok: false, message: SUBMIT_TEXT.noTopic });
  });

  it('asks a signed-out visitor to sign in', () => {
    expect(checkSubmit(values, null)).toEqual({ ok: false, message: '请先登录' });
  });

  it.each([undefined, null, ''])('refuses a user whose deepspaceId is %j', (id) => {
    const user = { ...sampleUser(), deepspaceId: id } as unknown as User;
    expect(checkSubmit(values, user)).toEqual({ ok: false, message: '用户信息无效，请重新登录' });
  });

  it('accepts the id 0 and answers it as a string', () => {
    expect(checkSubmit(values, sampleUser({ deepspaceId: 0 }))).toEqual({ ok: true, deepspaceId: '0' });
  });

  it('asks for the custom words when 自定义 is chosen and left blank', () => {
    const user = sampleUser();
    expect(checkSubmit({ ...values, audience: 'custom', customAudience: ' ' }, user)).toEqual({
      ok: false,
      message: SUBMIT_TEXT.noCustomAudience,
    });
    expect(checkSubmit({ ...values, industry: 'custom', customIndustry: '' }, user)).toEqual({
      ok: false,
      message: SUBMIT_TEXT.noCustomIndustry,
    });
    expect(checkSubmit({ ...values, industry: 'custom', customIndustry: '跨境电商' }, user)).toEqual({ ok: true, deepspaceId: '7' });
  });
});
