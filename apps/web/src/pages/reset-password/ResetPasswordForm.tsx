import { zodResolver } from '@hookform/resolvers/zod';
import { PHONE_MAX_LENGTH, resetPasswordFormSchema } from '@tianma/shared';
import { useForm, useWatch } from 'react-hook-form';
import { CodeButton } from '../../components/account/CodeButton';
import { resetPhoneProblem } from '../../components/account/contact-checks';
import { failureMessage } from '../../components/account/failure-message';
import { SUBMIT_VALIDATION, useToastFirstError } from '../../components/account/form-errors';
import { NewPasswordFields } from '../../components/account/NewPasswordFields';
import { SubmitButton } from '../../components/account/SubmitButton';
import { TextField } from '../../components/account/TextField';
import { useSendCode } from '../../components/account/use-send-code';
import { useToast } from '../../components/toast/toast-context';
import { apiRequest } from '../../lib/api';

export const SEND_RESET_CODE_PATH = '/api/account/user/send-reset-code';
export const RESET_PASSWORD_PATH = '/api/account/user/reset-password';

const EMPTY_FORM = { phone: '', code: '', newPassword: '', confirmPassword: '' };

/**
 * Step 1 of the reset: phone, SMS code and the new password twice. The strength is advice; only
 * the minimum length, which the server holds too, stops the reset (decision 051).
 */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const toastProblem = useToastFirstError();
  const sendCode = useSendCode();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    formState: { isSubmitting },
  } = useForm({ ...SUBMIT_VALIDATION, resolver: zodResolver(resetPasswordFormSchema), defaultValues: EMPTY_FORM });
  const newPassword = useWatch({ control, name: 'newPassword' });

  const send = async () => {
    const phone = getValues('phone');
    const problem = resetPhoneProblem(phone);
    if (problem) {
      toast.error(problem);
      return false;
    }
    return sendCode({ path: SEND_RESET_CODE_PATH, body: { phone: phone.trim() } });
  };

  const submit = handleSubmit(async (body) => {
    try {
      await apiRequest(RESET_PASSWORD_PATH, { method: 'POST', body });
    } catch (error) {
      toast.error(failureMessage(error, { failed: '密码重置失败，请检查验证码' }));
      return;
    }
    toast.success('密码重置成功，请重新登录');
    onDone();
  }, toastProblem);

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="手机号"
        type="tel"
        inputMode="numeric"
        maxLength={PHONE_MAX_LENGTH}
        autoComplete="tel"
        placeholder="请输入注册时使用的手机号"
        {...register('phone')}
      />
      <TextField
        label="短信验证码"
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        placeholder="请输入验证码"
        {...register('code')}
        addon={<CodeButton onSend={send} waitingLabel={(seconds) => `${seconds}秒后重发`} />}
      />
      <NewPasswordFields
        newPasswordField={register('newPassword')}
        confirmPasswordField={register('confirmPassword')}
        newPassword={newPassword}
        confirmPlaceholder="请再次输入新密码"
      />
      <SubmitButton busy={isSubmitting} label="重置密码" busyLabel="重置中..." />
    </form>
  );
}
