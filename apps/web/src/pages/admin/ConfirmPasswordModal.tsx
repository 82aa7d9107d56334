import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/account/TextField';
import { buttonClass } from '../../components/ui/button-styles';
import { Modal } from '../../components/ui/Modal';
import { confirmPassword } from './admin-api';
import { errorMessage } from './admin-format';

interface ConfirmPasswordModalProps {
  onConfirmed: (confirmedUntil: string) => void;
  onCancel: () => void;
}

/** Asks for the operator's password again (15 minutes of confirmation per session), then lets the waiting action go on. */
export function ConfirmPasswordModal({ onConfirmed, onCancel }: ConfirmPasswordModalProps) {
  const [password, setPassword] = useState('');
  const confirm = useMutation({ mutationFn: confirmPassword, onSuccess: onConfirmed });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) confirm.mutate(password);
  };

  return (
    <Modal label="确认身份" onClose={confirm.isPending ? () => {} : onCancel}>
      <form onSubmit={submit} className="space-y-4" aria-label="确认身份">
        <p className="text-sm text-slate-600">为保障账号安全，请输入你的登录密码后继续操作（15 分钟内无需再次输入）。</p>
        <TextField label="登录密码" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
        {confirm.isError && (
          <p role="alert" className="text-sm text-red-600">
            {errorMessage(confirm.error)}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onCancel} disabled={confirm.isPending} className={buttonClass('secondary')}>
            取消
          </button>
          <button type="submit" disabled={confirm.isPending || !password} className={buttonClass('primary')}>
            {confirm.isPending ? '确认中...' : '确认'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
