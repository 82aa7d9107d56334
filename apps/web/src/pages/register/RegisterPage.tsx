import { zodResolver } from '@hookform/resolvers/zod';
import { PHONE_MAX_LENGTH, passwordIssues, REGISTRATION_GIFT_COINS, registerFormSchema } from '@tianma/shared';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../components/account/AuthCard';
import { CodeButton } from '../../components/account/CodeButton';
import { emailProblem, phoneProblem } from '../../components/account/contact-checks';
import { failureMessage } from '../../components/account/failure-message';
import { SUBMIT_VALIDATION, useToastFirstError } from '../../components/account/form-errors';
import { PasswordField } from '../../components/account/PasswordField';
import { SubmitButton } from '../../components/account/SubmitButton';
import { TextField } from '../../components/account/TextField';
import { useSendCode } from '../../components/account/use-send-code';
import { useToast } from '../../components/toast/toast-context';
import { apiRequest } from '../../lib/api';

export const REGISTER_PATH = '/api/account/auth/register';

const EMPTY_FORM = { username: '', phoneNumber: '', email: '', password: '', confirmPassword: '', verificationCode: '' };

export function RegisterPage() {
  const toast = useToast();
  const toastProblem = useToastFirstError();
  const navigate = useNavigate();
  const sendCode = useSendCode();
  const {
    register,
    handleSubmit,
    control,
    formState: { isSubmitting },
  } = useForm({ ...SUBMIT_VALIDATION, resolver: zodResolver(registerFormSchema), defaultValues: EMPTY_FORM });
  const [phoneNumber, email, password] = useWatch({ control, name: ['phoneNumber', 'email', 'password'] });
  const phone = phoneNumber.trim();
  const mail = email.trim();

  // The server expects the code on the phone when one is given, else on the e-mail.
  const send = async () => {
    const problem = phone ? phoneProblem(phone) : emailProblem(mail);
    if (problem) {
      toast.error(problem);
      return false;
    }
    return phone
      ? sendCode({ path: '/api/account/sms/send-code', body: { phoneNumber: phone, type: 'REGISTER' } })
      : sendCode({ path: '/api/account/email/send-code', body: { email: mail, type: 'REGISTER' } });
  };

  const submit = handleSubmit(async (form) => {
    try {
      await apiRequest(REGISTER_PATH, { method: 'POST', body: { ...form, type: 'REGISTER' } });
    } catch (error) {
      toast.error(failureMessage(error, { failed: '注册失败', unreachable: '注册失败，请检查输入' }));
      return;
    }
    toast.success(`注册成功，已赠送${REGISTRATION_GIFT_COINS}币，请登录`);
    navigate('/login', { state: { username: form.username } });
  }, toastProblem);

  const codeTarget = phone ? '验证码将发送到手机号' : mail ? '验证码将发送到邮箱' : '请先填写手机号或邮箱';

  return (
    <AuthCard title="注册账号" subtitle={`注册即送 ${REGISTRATION_GIFT_COINS} 币，金币永久有效`}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField label="用户名" {...register('username')} autoComplete="username" placeholder="2-20位中文、字母、数字或下划线" />
        <TextField
          label="手机号"
          type="tel"
          inputMode="numeric"
          maxLength={PHONE_MAX_LENGTH}
          autoComplete="tel"
          placeholder="手机号与邮箱至少填写一项"
          {...register('phoneNumber')}
        />
        <TextField label="邮箱（选填）" type="email" autoComplete="email" placeholder="请输入邮箱" {...register('email')} />
        <PasswordField
          label="密码"
          {...register('password')}
          autoComplete="new-password"
          placeholder="至少8位，含字母、数字和特殊字符"
          issues={password ? passwordIssues(password) : undefined}
        />
        <PasswordField label="确认密码" {...register('confirmPassword')} autoComplete="new-password" placeholder="请再次输入密码" />
        <div>
          <TextField
            label="验证码"
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder="请输入验证码"
            {...register('verificationCode')}
            addon={<CodeButton onSend={send} disabled={!phone && !mail} />}
          />
          <p className="mt-1.5 text-xs text-slate-400">{codeTarget}</p>
        </div>
        <SubmitButton busy={isSubmitting} label="注册" busyLabel="注册中..." />
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-slate-500 hover:text-slate-700">
          已有账号？<span className="font-medium text-indigo-600">去登录</span>
        </Link>
      </p>
    </AuthCard>
  );
}
