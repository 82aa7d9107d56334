import { zodResolver } from '@hookform/resolvers/zod';
import { accountLoginFormSchema, loginPasswordIssues } from '@tianma/shared';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { SUBMIT_VALIDATION, useToastFirstError } from '../../components/account/form-errors';
import { PasswordField } from '../../components/account/PasswordField';
import { SubmitButton } from '../../components/account/SubmitButton';
import { TextField } from '../../components/account/TextField';
import { readRememberedUsername, saveRememberedUsername } from './remembered-username';
import type { SignIn } from './use-sign-in';

export const PASSWORD_LOGIN_PATH = '/api/account/user/verify';

interface AccountLoginFormProps {
  signIn: SignIn;
  submitting: boolean;
  /** Prefilled username, e.g. right after registering. */
  initialUsername?: string;
}

export function AccountLoginForm({ signIn, submitting, initialUsername }: AccountLoginFormProps) {
  const toastProblem = useToastFirstError();
  const hintId = useId();
  const [remembered] = useState(readRememberedUsername);
  const { register, handleSubmit, control } = useForm({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(accountLoginFormSchema),
    defaultValues: { username: initialUsername || remembered, password: '', rememberMe: Boolean(remembered) },
  });
  const password = useWatch({ control, name: 'password' });

  // The rule list below the password is advice only: accounts made under older rules must still sign in.
  const submit = handleSubmit(async (body) => {
    if (await signIn(PASSWORD_LOGIN_PATH, body)) saveRememberedUsername(body.rememberMe ? body.username : null);
  }, toastProblem);

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField label="用户名" {...register('username')} placeholder="用户名/手机号/邮箱" autoComplete="username" />
      <PasswordField
        label="密码"
        {...register('password')}
        autoComplete="current-password"
        placeholder="请输入密码"
        issues={password ? loginPasswordIssues(password) : undefined}
      />
      <div className="flex items-center justify-between gap-3 text-sm">
        <label className="flex items-center gap-2 text-slate-600">
          <input
            type="checkbox"
            {...register('rememberMe')}
            aria-describedby={hintId}
            className="size-4 rounded border-slate-300 accent-indigo-600"
          />
          记住密码
        </label>
        <Link to="/reset-password" className="text-indigo-600 hover:text-indigo-500">
          忘记密码？
        </Link>
      </div>
      <p id={hintId} className="-mt-2 text-xs text-slate-400">
        勾选后记住用户名并保持登录 30 天，浏览器不会保存你的密码
      </p>
      <SubmitButton busy={submitting} label="登录" busyLabel="登录中..." />
    </form>
  );
}
