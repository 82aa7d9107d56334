import { PHONE_MAX_LENGTH } from '@tianma/shared';
import { type FormEvent, useState } from 'react';
import { CodeButton } from '../../components/account/CodeButton';
import { phoneProblem } from '../../components/account/contact-checks';
import { SubmitButton } from '../../components/account/SubmitButton';
import { TextField } from '../../components/account/TextField';
import { useSendCode } from '../../components/account/use-send-code';
import { useToast } from '../../components/toast/toast-context';
import type { SignIn } from './use-sign-in';

export const SMS_SEND_CODE_PATH = '/api/account/sms/send-code';
export const SMS_LOGIN_PATH = '/api/account/sms/verify';

export function PhoneLoginForm({ signIn, submitting }: { signIn: SignIn; submitting: boolean }) {
  const toast = useToast();
  const sendCode = useSendCode();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');

  const checkPhone = () => {
    const problem = phoneProblem(phone);
    if (problem) toast.error(problem);
    return !problem;
  };

  const send = async () => checkPhone() && sendCode({ path: SMS_SEND_CODE_PATH, body: { phoneNumber: phone.trim(), type: 'LOGIN' } });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checkPhone()) return;
    if (!code.trim()) {
      toast.error('请输入验证码');
      return;
    }
    await signIn(SMS_LOGIN_PATH, { phoneNumber: phone.trim(), code: code.trim(), type: 'LOGIN' });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="手机号"
        type="tel"
        inputMode="numeric"
        maxLength={PHONE_MAX_LENGTH}
        autoComplete="tel"
        placeholder="请输入手机号"
        value={phone}
        onChange={setPhone}
      />
      <TextField
        label="短信验证码"
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
