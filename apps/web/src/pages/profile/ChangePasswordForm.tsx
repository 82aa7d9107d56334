import { passwordIssues, passwordLengthProblem } from '@tianma/shared';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../components/account/failure-message';
import { PasswordField } from '../../components/account/PasswordField';
import { PasswordStrength } from '../../components/account/PasswordStrength';
import { useToast } from '../../components/toast/toast-context';
import { buttonClass } from '../../components/ui/button-styles';
import { apiRequest } from '../../lib/api';

export const CHANGE_PASSWORD_PATH = '/api/account/user/change-password';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY_FORM: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The first thing wrong with the form; the strength is advice, only the length is a hard rule (decision 051). */
export function changePasswordProblem(form: PasswordForm): string | null {
  if (!form.currentPassword || !form.newPassword || !form.confirmPassword) return '请填写完整信息';
  if (form.newPassword !== form.confirmPassword) return '新密码和确认密码不匹配';
  return passwordLengthProblem(form.newPassword);
}

interface ChangePasswordFormProps {
  id: string;
  deepspaceId: number;
  /** Called after a successful change; the form is unmounted (closed and cleared) by the caller. */
  onChanged: () => void;
}

export function ChangePasswordForm({ id, deepspaceId, onChanged }: ChangePasswordFormProps) {
  const toast = useToast();
  const [form, setForm] = useState(EMPTY_FORM);
  const [saving, setSaving] = useState(false);
  const set = (field: keyof PasswordForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = changePasswordProblem(form);
    if (problem) {
      toast.error(problem);
      return;
    }
    setSaving(true);
    try {
      await apiRequest(CHANGE_PASSWORD_PATH, { method: 'POST', body: { ...form, deepspaceId } });
    } catch (error) {
      toast.error(failureMessage(error, { failed: '密码修改失败', unreachable: '密码修改失败，请稍后重试' }));
      setSaving(false);
      return;
    }
    toast.success('密码修改成功');
    onChanged();
  };

  return (
    <form id={id} noValidate onSubmit={submit} className="mt-4 space-y-4">
      <PasswordField label="当前密码" value={form.currentPassword} onChange={set('currentPassword')} autoComplete="current-password" />
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
      <PasswordField label="确认新密码" value={form.confirmPassword} onChange={set('confirmPassword')} autoComplete="new-password" />
      <button type="submit" disabled={saving} className={buttonClass('primary', 'w-full sm:w-auto')}>
        {saving ? '保存中...' : '保存'}
      </button>
    </form>
  );
}
