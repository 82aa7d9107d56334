import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema } from '@tianma/shared';
import { useForm, useWatch } from 'react-hook-form';
import { failureMessage } from '../../components/account/failure-message';
import { SUBMIT_VALIDATION, useToastFirstError } from '../../components/account/form-errors';
import { NewPasswordFields } from '../../components/account/NewPasswordFields';
import { PasswordField } from '../../components/account/PasswordField';
import { useToast } from '../../components/toast/toast-context';
import { buttonClass } from '../../components/ui/button-styles';
import { apiRequest } from '../../lib/api';

export const CHANGE_PASSWORD_PATH = '/api/account/user/change-password';

const EMPTY_FORM = { currentPassword: '', newPassword: '', confirmPassword: '' };

export interface ChangePasswordFormProps {
  id: string;
  deepspaceId: number;
  /** Called after a successful change; the form is unmounted (closed and cleared) by the caller. */
  onChanged: () => void;
}

/** The 修改密码 form. The strength of the new password is advice; only the length is a hard rule (decision 051). */
export function ChangePasswordFields({ id, deepspaceId, onChanged }: ChangePasswordFormProps) {
  const toast = useToast();
  const toastProblem = useToastFirstError();
  const {
    register,
    handleSubmit,
    control,
    formState: { isSubmitting },
  } = useForm({ ...SUBMIT_VALIDATION, resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY_FORM });
  const newPassword = useWatch({ control, name: 'newPassword' });

  const submit = handleSubmit(async (form) => {
    try {
      await apiRequest(CHANGE_PASSWORD_PATH, { method: 'POST', body: { ...form, deepspaceId } });
    } catch (error) {
      toast.error(failureMessage(error, { failed: '密码修改失败', unreachable: '密码修改失败，请稍后重试' }));
      return;
    }
    toast.success('密码修改成功');
    onChanged();
  }, toastProblem);

  return (
    <form id={id} noValidate onSubmit={submit} className="mt-4 space-y-4">
      <PasswordField label="当前密码" {...register('currentPassword')} autoComplete="current-password" />
      <NewPasswordFields newPasswordField={register('newPassword')} confirmPasswordField={register('confirmPassword')} newPassword={newPassword} />
      <button type="submit" disabled={isSubmitting} className={buttonClass('primary', 'w-full sm:w-auto')}>
        {isSubmitting ? '保存中...' : '保存'}
      </button>
    </form>
  );
}
