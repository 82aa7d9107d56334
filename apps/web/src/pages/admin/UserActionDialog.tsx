import { COIN_DELTA_MAX } from '@tianma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TextField } from '../../components/account/TextField';
import { useToast } from '../../components/toast/toast-context';
import { ActionDialog } from './ActionDialog';
import { type AdminUser, adjustCoins, adminKeys, endSessions, type Paged, setLocked } from './admin-api';
import { count, newRequestId } from './admin-format';
import { useStepUp } from './step-up';

export type UserAction = 'coins' | 'lock' | 'logout';

interface UserActionDialogProps {
  user: AdminUser;
  action: UserAction;
  onClose: () => void;
}

/** The delta typed, as an integer, or the reason it is not one. */
function parseDelta(text: string): { delta: number } | { problem: string } {
  const trimmed = text.trim().replace(/^＋/, '+').replace(/^[－—]/, '-');
  if (!/^[+-]?\d+$/.test(trimmed)) return { problem: '请输入整数，正数增加、负数扣减' };
  const delta = Number(trimmed);
  if (delta === 0) return { problem: '调整数量不能为0' };
  if (Math.abs(delta) > COIN_DELTA_MAX) return { problem: `单次调整不能超过${count(COIN_DELTA_MAX)}币` };
  return { delta };
}

/** Adjust coins, lock or unlock, or sign out everywhere: one user's actions, each confirmed with a reason. */
export function UserActionDialog({ user, action, onClose }: UserActionDialogProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const run = useStepUp();
  const [deltaText, setDeltaText] = useState('');
  const parsed = parseDelta(deltaText);
  // One id per amount typed: a second click (or the repeat after the password) counts once.
  const [requestId, setRequestId] = useState(newRequestId);
  const changeDelta = (text: string) => {
    setDeltaText(text);
    setRequestId(newRequestId());
  };

  const editRow = (edit: Partial<AdminUser>) =>
    queryClient.setQueriesData<Paged<AdminUser>>({ queryKey: adminKeys.users }, (page) =>
      page ? { ...page, data: page.data.map((row) => (row.userId === user.userId ? { ...row, ...edit } : row)) } : page,
    );

  const mutation = useMutation({
    mutationFn: async (reason: string): Promise<string> => {
      if (action === 'coins') {
        if (!('delta' in parsed)) throw new Error(parsed.problem);
        const balance = await run(() => adjustCoins(user.userId, { delta: parsed.delta, reason, requestId }));
        editRow({ coinBalance: balance });
        return `已调整 ${user.username} 的金币，当前余额 ${count(balance)} 币`;
      }
      if (action === 'lock') {
        const locked = !user.locked;
        await run(() => setLocked(user.userId, { locked, reason }));
        editRow({ locked });
        return locked ? `已锁定 ${user.username}` : `已解锁 ${user.username}`;
      }
      await run(() => endSessions(user.userId, { reason }));
      return `已让 ${user.username} 在所有设备上下线`;
    },
    onSuccess: (message) => {
      toast.success(message);
      void queryClient.invalidateQueries({ queryKey: adminKeys.users });
      void queryClient.invalidateQueries({ queryKey: adminKeys.user });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      onClose();
    },
  });

  const common = { busy: mutation.isPending, error: mutation.error, onSubmit: (reason: string) => mutation.mutate(reason), onClose };

  if (action === 'coins') {
    const preview = 'delta' in parsed ? user.coinBalance + parsed.delta : null;
    return (
      <ActionDialog
        {...common}
        title="调整金币"
        submitLabel="确认调整"
        invalid={'problem' in parsed ? parsed.problem : preview !== null && preview < 0 ? `余额不能为负：该用户当前余额 ${count(user.coinBalance)} 币` : null}
        description={
          <p>
            用户 <strong className="text-slate-900">{user.username}</strong> 当前余额 {count(user.coinBalance)} 币。调整会记入金币流水，不能撤销。
          </p>
        }
      >
        <TextField label="调整数量（正数增加，负数扣减）" inputMode="numeric" autoComplete="off" value={deltaText} onChange={changeDelta} />
        {preview !== null && preview >= 0 && <p className="text-sm text-slate-600">调整后余额：{count(preview)} 币</p>}
      </ActionDialog>
    );
  }
  if (action === 'lock') {
    return (
      <ActionDialog
        {...common}
        title={user.locked ? '解锁账号' : '锁定账号'}
        submitLabel={user.locked ? '确认解锁' : '确认锁定'}
        danger={!user.locked}
        description={
          user.locked ? (
            <p>解锁后 {user.username} 可以重新登录。</p>
          ) : (
            <p>锁定后 {user.username} 会立即在所有设备上退出，且无法再登录，直到解锁。</p>
          )
        }
      />
    );
  }
  return (
    <ActionDialog
      {...common}
      title="强制下线"
      submitLabel="确认下线"
      danger
      description={<p>{user.username} 会在所有设备上退出登录，需要重新登录才能继续使用。</p>}
    />
  );
}
