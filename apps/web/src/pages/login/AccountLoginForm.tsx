import { loginPasswordIssues } from '@tianma/shared';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { PasswordField } from '../../components/account/PasswordField';
import { SubmitButton } from '../../components/account/SubmitButton';
import { TextField } from '../../components/account/TextField';
import { useToast } from '../../components/toast/toast-context';
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
  const toast = useToast();
  const hintId = useId();
  const [remembered] = useState(readRememberedUsername);
  const [username, setUsername] = useState(initialUsername || remembered);
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(Boolean(remembered));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = username.trim();
    if (!name || !password) {
      toast.error('请输入用户名和密码');
      return;
    }
    // The rule list above is advice only: accounts made under older rules must still sign in.
    if (await signIn(PASSWORD_LOGIN_PATH, { username: name, password, rememberMe })) {
      saveRememberedUsername(rememberMe ? name : null);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="用户名"
        value={username}
        onChange={setUsername}
        placeholder="用户名/手机号/邮箱"
        autoComplete="username"
      />
      <PasswordField
        label="密码"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        placeholder="请输入密码"
        issues={loginPasswordIssues(password)}
      />
      <div className="flex items-center justify-between gap-3 text-sm">
        <label className="flex items-center gap-2 text-slate-600">
          <input
            type="checkbox"
            checked={rememberMe}
            onChange={(event) => setRememberMe(event.target.checked)}
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
