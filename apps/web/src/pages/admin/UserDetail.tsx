import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type AdminUser, type AdminUserDetail, adminKeys, fetchUserDetail } from './admin-api';
import { beijingTime, count, errorMessage } from './admin-format';
import { NOTE, SMALL_BUTTON } from './admin-table';
import { ProDialog } from './ProDialog';
import { type UserAction, UserActionDialog } from './UserActionDialog';
import { UserDetailTables } from './UserDetailTables';

interface UserDetailProps {
  userId: number;
  onBack: () => void;
}

type Acting = UserAction | 'pro-grant' | 'pro-end';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The row the list's action dialogs work on, from the user's page. */
const asRow = (user: AdminUserDetail['user']): AdminUser => ({
  userId: user.userId,
  username: user.username,
  phoneMasked: null,
  emailMasked: null,
  userType: user.userType,
  coinBalance: user.coinBalance,
  locked: user.locked,
  createdAt: user.createdAt,
});

function proText(user: AdminUserDetail['user']): string {
  if (user.userType === 'pro') return user.subscriptionExpiry ? `高级版，${beijingTime(user.subscriptionExpiry)} 到期` : '高级版（长期有效）';
  return user.level > 0 && user.subscriptionExpiry ? `免费版（高级版已于 ${beijingTime(user.subscriptionExpiry)} 到期）` : '免费版';
}

/**
 * One user's page (issue 21, point 3; decision 082): the account with its full contacts (the
 * server records the look in the audit log), balance and owed coins, Pro, and the latest ledger,
 * orders, articles and sessions; the list's actions and 开通/延长/结束高级版, each through step-up.
 */
export function UserDetail({ userId, onBack }: UserDetailProps) {
  const [acting, setActing] = useState<Acting | null>(null);
  // NOTE: not refetched on focus: every fetch of full contacts may be a look the audit log records.
  const detail = useQuery({ queryKey: adminKeys.userDetail(userId), queryFn: ({ signal }) => fetchUserDetail(userId, signal), refetchOnWindowFocus: false });

  const back = (
    <button type="button" onClick={onBack} className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      返回用户列表
    </button>
  );

  if (detail.isPending)
    return (
      <section aria-label="用户详情" className="space-y-4">
        {back}
        <p className={NOTE}>加载中...</p>
      </section>
    );
  if (detail.isError)
    return (
      <section aria-label="用户详情" className="space-y-4">
        {back}
        <p role="alert" className={NOTE}>
          {errorMessage(detail.error)}
        </p>
      </section>
    );

  const { user } = detail.data;
  return (
    <section aria-label="用户详情" className="space-y-5">
      {back}
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2 className="break-all text-lg font-semibold text-slate-900">{user.username}</h2>
          <span className="text-xs text-slate-500">ID {user.userId}</span>
          {user.role === 'operator' && <span className="rounded bg-indigo-50 px-1.5 py-0.5 text-xs text-indigo-700">运营人员</span>}
          {user.locked && <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-700">已锁定</span>}
        </div>
        <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="手机">{user.phone ?? '—'}</Field>
          <Field label="邮箱">{user.email ?? '—'}</Field>
          <Field label="注册时间">{beijingTime(user.createdAt)}</Field>
          <Field label="金币余额">
            <span className="tabular-nums">{count(user.coinBalance)} 币</span>
          </Field>
          <Field label="欠回金币">
            {detail.data.coinsOwed > 0 ? <span className="tabular-nums text-amber-700">{count(detail.data.coinsOwed)} 币（退款时余额不足未能扣回）</span> : '无'}
          </Field>
          <Field label="套餐">{proText(user)}</Field>
          <Field label="状态">{user.locked ? `已锁定（${beijingTime(user.lockedAt)}）` : '正常'}</Field>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className={SMALL_BUTTON} onClick={() => setActing('coins')}>
            调整金币
          </button>
          {!(user.userType === 'pro' && !user.subscriptionExpiry) && (
            <button type="button" className={SMALL_BUTTON} onClick={() => setActing('pro-grant')}>
              {user.userType === 'pro' ? '延长高级版' : '开通高级版'}
            </button>
          )}
          {user.userType === 'pro' && (
            <button type="button" className={SMALL_BUTTON} onClick={() => setActing('pro-end')}>
              结束高级版
            </button>
          )}
          <button type="button" className={SMALL_BUTTON} onClick={() => setActing('lock')}>
            {user.locked ? '解锁' : '锁定'}
          </button>
          <button type="button" className={SMALL_BUTTON} onClick={() => setActing('logout')}>
            强制下线
          </button>
        </div>
      </div>

      <UserDetailTables detail={detail.data} />

      {(acting === 'pro-grant' || acting === 'pro-end') && <ProDialog user={user} action={acting === 'pro-grant' ? 'grant' : 'end'} onClose={() => setActing(null)} />}
      {(acting === 'coins' || acting === 'lock' || acting === 'logout') && <UserActionDialog user={asRow(user)} action={acting} onClose={() => setActing(null)} />}
    </section>
  );
}
