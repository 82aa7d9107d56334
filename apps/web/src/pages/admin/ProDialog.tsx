import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TextField } from '../../components/account/TextField';
import { useToast } from '../../components/toast/toast-context';
import { ActionDialog } from './ActionDialog';
import { type AdminUserDetail, adminKeys, changePro } from './admin-api';
import { beijingTime } from './admin-format';
import { useStepUp } from './step-up';
import { grantedUntil, parseDays } from './user-labels';

interface ProDialogProps {
  user: AdminUserDetail['user'];
  action: 'grant' | 'end';
  onClose: () => void;
}

/** 开通/延长高级版 for a number of days, or 结束高级版 now: no coins move; the reason goes to the audit log. */
export function ProDialog({ user, action, onClose }: ProDialogProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const run = useStepUp();
  const [daysText, setDaysText] = useState('30');
  const parsed = parseDays(daysText);
  const extending = user.userType === 'pro';

  const mutation = useMutation({
    mutationFn: async (reason: string): Promise<string> => {
      if (action === 'end') {
        await run(() => changePro(user.userId, { action: 'end', reason }));
        return `已结束 ${user.username} 的高级版`;
      }
      if (!('days' in parsed)) throw new Error(parsed.problem);
      const state = await run(() => changePro(user.userId, { action: 'grant', days: parsed.days, reason }));
      return `已为 ${user.username} ${extending ? '延长' : '开通'}高级版，到期时间 ${beijingTime(state.subscriptionExpiry)}`;
    },
    onSuccess: (message) => {
      toast.success(message);
      void queryClient.invalidateQueries({ queryKey: adminKeys.user });
      void queryClient.invalidateQueries({ queryKey: adminKeys.users });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      onClose();
    },
  });

  const common = { busy: mutation.isPending, error: mutation.error, onSubmit: (reason: string) => mutation.mutate(reason), onClose };

  if (action === 'end') {
    return (
      <ActionDialog
        {...common}
        title="结束高级版"
        submitLabel="确认结束"
        danger
        description={
          <p>
            {user.username} 的高级版会立即结束（原到期时间 {beijingTime(user.subscriptionExpiry)}），金币不变。
          </p>
        }
      />
    );
  }
  const title = extending ? '延长高级版' : '开通高级版';
  return (
    <ActionDialog
      {...common}
      title={title}
      submitLabel={`确认${extending ? '延长' : '开通'}`}
      invalid={'problem' in parsed ? parsed.problem : null}
      description={
        <p>
          {extending ? `从当前到期时间 ${beijingTime(user.subscriptionExpiry)} 起延长` : '从现在起开通'}，不扣金币。
        </p>
      }
    >
      <TextField label="天数（1–366）" inputMode="numeric" autoComplete="off" value={daysText} onChange={setDaysText} />
      {'days' in parsed && <p className="text-sm text-slate-600">到期时间将为：{beijingTime(grantedUntil(user.subscriptionExpiry, parsed.days).toISOString())}</p>}
    </ActionDialog>
  );
}
