import { PHONE_MAX_LENGTH, passwordIssues } from '@tianma/shared';
import { type FormEvent, useState } from 'react';
import { CodeButton } from '../../components/account/CodeButton';
import { phoneProblem } from '../../components/account/contact-checks';
import { failureMessage } from '../../components/account/failure-message';
import { PasswordField } from '../../components/account/PasswordField';
import { PasswordStrength } from '../../components/account/PasswordStrength';
import { SubmitButton } from '../../components/account/SubmitButton';
import { TextField } from '../../components/account/TextField';
import { useSendCode } from '../../components/account/use-send-code';
import { useToast } from '../../components/toast/toast-context';
import { apiRequest } from '../../lib/api';
import { RESET_MESSAGES, type ResetForm, resetProblem } from './reset-problem';

export const SEND_RESET_CODE_PATH = '/api/account/user/send-reset-code';
export const RESET_PASSWORD_PATH = '/api/account/user/reset-password';

const EMPTY_FORM: ResetForm = { phone: '', code: '', newPassword: '', confirmPassword: '' };

/** Step 1 of the reset: phone, SMS code and the new password twice. */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const sendCode = useSendCode();
  const [form, setForm] = useState(EMPTY_FORM);
  const [submitting, setSubmitting] = useState(false);
  const set = (field: keyof ResetForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const send = async () => {
    const problem = phoneProblem(form.phone, RESET_MESSAGES.badPhone);
    if (problem) {
      toast.error(problem);
      return false;
    }
    return sendCode({ path: SEND_RESET_CODE_PATH, body: { phone: form.phone.trim() } });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = resetProblem(form);
    if (problem) {
      toast.error(problem);
      return;
    }
    setSubmitting(true);
    try {
      await apiRequest(RESET_PASSWORD_PATH, {
        method: 'POST',
        body: { phone: form.phone.trim(), code: form.code.trim(), newPassword: form.newPassword },
      });
    } catch (error) {
      toast.error(failureMessage(error, { failed: '密码重置失败，请检查验证码' }));
      setSubmitting(false);
      return;
    }
    toast.success('密码重置成功，请重新登录');
    onDone();
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="手机号"
        type="tel"
        inputMode="numeric"
        maxLength={PHONE_MAX_LENGTH}
        autoComplete="tel"
        placeholder="请输入注册时使用的手机号"
        value={form.phone}
        onChange={set('phone')}
      />
      <TextField
        label="短信验证码"
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        placeholder="请输入验证码"
        value={form.code}
        onChange={set('code')}
        addon={<CodeButton onSend={send} waitingLabel={(seconds) => `${seconds}秒后重发`} />}
      />
      <PasswordField
        label="新密码"
        value={form.newPassword}
        onChange={set('newPassword')}
        autoComplete="new-password"
        placeholder="至少8位，建议含字母、数字和特殊字符"
        issues={passwordIssues(form.newPassword)}
      >
        <PasswordStrength password={form.newPassword} />
      </PasswordField>
      <PasswordField
        label="确认新密码"
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        autoComplete="new-password"
        placeholder="请再次输入新密码"
      />
      <SubmitButton busy={submitting} label="重置密码" busyLabel="重置中..." />
    </form>
  );
}
