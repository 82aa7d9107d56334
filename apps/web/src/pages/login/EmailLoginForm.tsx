import { type FormEvent, useState } from 'react';
import { CodeButton } from '../../components/account/CodeButton';
import { emailProblem } from '../../components/account/contact-checks';
import { SubmitButton } from '../../components/account/SubmitButton';
import { TextField } from '../../components/account/TextField';
import { useSendCode } from '../../components/account/use-send-code';
import { useToast } from '../../components/toast/toast-context';
import type { SignIn } from './use-sign-in';

export const EMAIL_SEND_CODE_PATH = '/api/account/email/send-code';
export const EMAIL_LOGIN_PATH = '/api/account/email/verify';

export function EmailLoginForm({ signIn, submitting }: { signIn: SignIn; submitting: boolean }) {
  const toast = useToast();
  const sendCode = useSendCode();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');

  const checkEmail = () => {
    const problem = emailProblem(email);
    if (problem) toast.error(problem);
    return !problem;
  };

  const send = async () => checkEmail() && sendCode({ path: EMAIL_SEND_CODE_PATH, body: { email: email.trim(), type: 'LOGIN' } });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checkEmail()) return;
    if (!code.trim()) {
      toast.error('请输入验证码');
      return;
    }
    await signIn(EMAIL_LOGIN_PATH, { email: email.trim(), code: code.trim() });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="邮箱"
        type="email"
        autoComplete="email"
        placeholder="请输入邮箱"
        value={email}
        onChange={setEmail}
      />
      <TextField
        label="邮箱验证码"
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        placeholder="请输入验证码"
        value={code}
        onChange={setCode}
        addon={<CodeButton onSend={send} />}
      />
      <SubmitButton busy={submitting} label="登录" busyLabel="登录中..." />
    </form>
  );
}
