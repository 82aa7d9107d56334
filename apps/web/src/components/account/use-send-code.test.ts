import { CODE_RESEND_SECONDS } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { resendSeconds } from './use-send-code';

describe('resendSeconds', () => {
  it('takes the interval from the send answer, and the minute when the answer names none or a bad one', () => {
    expect(CODE_RESEND_SECONDS).toBe(60);
    expect(resendSeconds({ success: true, resendAfterSeconds: 2 })).toBe(2);
    for (const answer of [{ success: true }, { resendAfterSeconds: 0 }, { resendAfterSeconds: 1.5 }, { resendAfterSeconds: '5' }, null, undefined]) {
      expect(resendSeconds(answer)).toBe(CODE_RESEND_SECONDS);
    }
  });
});
