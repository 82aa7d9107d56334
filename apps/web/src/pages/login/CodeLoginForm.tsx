import { zodResolver } from '@hookform/resolvers/zod';
import { type CodeLoginFormValues, emailLoginFormSchema, PHONE_MAX_LENGTH, smsLoginFormSchema } from '@tianma/shared';
import { useForm } from 'react-hook-form';
import { CodeButton } from '../../components/account/CodeButton';
import { emailProblem, phoneProblem } from '../../components/account/contact-checks';
import { SUBMIT_VALIDATION, useToastFirstError } from '../../components/account/form-errors';
import { SubmitButton } from '../../components/account/SubmitButton';
import { TextField } from '../../components/account/TextField';
import { useSendCode } from '../../components/account/use-send-code';
import { useToast } from '../../components/toast/toast-context';
import type { SignIn } from './use-sign-in';

export const SMS_SEND_CODE_PATH = '/api/account/sms/send-code';
export const SMS_LOGIN_PATH = '/api/account/sms/verify';
export const EMAIL_SEND_CODE_PATH = '/api/account/email/send-code';
export const EMAIL_LOGIN_PATH = '/api/account/email/verify';

/** What differs between signing in with an SMS code and with an e-mail code. */
interface CodeChannel {
  targetField: { label: string; type: 'tel' | 'email'; autoComplete: string; placeholder: string; numeric: boolean; maxLength?: number };
  codeLabel: string;
  /** The form: the phone or e-mail (`contact`), then the code. */
  schema: typeof smsLoginFormSchema | typeof emailLoginFormSchema;
  /** The contact's problem before a code is sent, by the same rule. */
  problem: (contact: string) => string | null;
  sendPath: string;
  loginPath: string;
  sendBody: (contact: string) => Record<string, string>;
  loginBody: (form: CodeLoginFormValues) => Record<string, string>;
}

export const SMS_CHANNEL: CodeChannel = {
  targetField: { label: '手机号', type: 'tel', autoComplete: 'tel', placeholder: '请输入手机号', numeric: true, maxLength: PHONE_MAX_LENGTH },
  codeLabel: '短信验证码',
  schema: smsLoginFormSchema,
  problem: phoneProblem,
  sendPath: SMS_SEND_CODE_PATH,
  loginPath: SMS_LOGIN_PATH,
  sendBody: (phoneNumber) => ({ phoneNumber, type: 'LOGIN' }),
  loginBody: ({ contact, code }) => ({ phoneNumber: contact, code, type: 'LOGIN' }),
};

export const EMAIL_CHANNEL: CodeChannel = {
  targetField: { label: '邮箱', type: 'email', autoComplete: 'email', placeholder: '请输入邮箱', numeric: false },
  codeLabel: '邮箱验证码',
  schema: emailLoginFormSchema,
  problem: emailProblem,
  sendPath: EMAIL_SEND_CODE_PATH,
  loginPath: EMAIL_LOGIN_PATH,
  sendBody: (email) => ({ email, type: 'LOGIN' }),
  loginBody: ({ contact, code }) => ({ email: contact, code }),
};

/** The 手机登录 and 邮箱登录 tabs: a target, a code with its countdown button, and 登录. */
export function CodeLoginForm({ channel, signIn, submitting }: { channel: CodeChannel; signIn: SignIn; submitting: boolean }) {
  const toast = useToast();
  const toastProblem = useToastFirstError();
  const sendCode = useSendCode();
  const { register, handleSubmit, getValues } = useForm({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(channel.schema),
    defaultValues: { contact: '', code: '' },
  });
  const field = channel.targetField;

  const send = async () => {
    const contact = getValues('contact');
    const problem = channel.problem(contact);
    if (problem) {
      toast.error(problem);
      return false;
    }
    return sendCode({ path: channel.sendPath, body: channel.sendBody(contact.trim()) });
  };

  const submit = handleSubmit(async (form) => {
    await signIn(channel.loginPath, channel.loginBody(form));
  }, toastProblem);

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label={field.label}
        type={field.type}
        inputMode={field.numeric ? 'numeric' : undefined}
        maxLength={field.maxLength}
        autoComplete={field.autoComplete}
        placeholder={field.placeholder}
        {...register('contact')}
      />
      <TextField
        label={channel.codeLabel}
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        placeholder="请输入验证码"
        {...register('code')}
        addon={<CodeButton onSend={send} />}
      />
      <SubmitButton busy={submitting} label="登录" busyLabel="登录中..." />
    </form>
  );
}
