import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { INPUT_CLASS } from '../../components/account/form-styles';
import { buttonClass } from '../../components/ui/button-styles';
import { type AdminUser, adminKeys, fetchUsers } from './admin-api';
import { beijingTime, count, errorMessage } from './admin-format';
import { NOTE, SMALL_BUTTON, TABLE, TABLE_BOX, TD, TH } from './admin-table';
import { Pager } from './Pager';
import { type UserAction, UserActionDialog } from './UserActionDialog';
import { UserDetail } from './UserDetail';

/** `?user=12`: the user whose page is open, or null. */
function userIdParam(value: string | null): number | null {
  const id = Number(value);
  return value && /^\d{1,15}$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** 用户: search by username, phone or e-mail; each row's coins, lock and sign-out actions; a name opens the user's page. */
export function UsersTab() {
  const [params, setParams] = useSearchParams();
  const viewing = userIdParam(params.get('user'));
  // In the address, so that the browser's back button returns to the list and a page can be linked.
  const showUser = (userId: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (userId === null) next.delete('user');
      else next.set('user', String(userId));
      return next;
    });
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<{ user: AdminUser; action: UserAction } | null>(null);
  const users = useQuery({ queryKey: adminKeys.usersPage(q, page), queryFn: ({ signal }) => fetchUsers(q, page, signal), placeholderData: keepPreviousData });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };

  // The list keeps its search and page (this component stays mounted) while a user's page is open.
  if (viewing !== null) return <UserDetail key={viewing} userId={viewing} onBack={() => showUser(null)} />;

  return (
    <section aria-label="用户" className="space-y-4">
      <form aria-label="搜索用户" onSubmit={search} className="flex gap-2">
        <input
          type="search"
          aria-label="搜索用户"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={100}
          placeholder="用户名、手机号或邮箱"
          className={`${INPUT_CLASS} min-w-0`}
        />
        <button type="submit" className={buttonClass('primary', 'shrink-0')}>
          搜索
        </button>
      </form>

      {users.isPending ? (
        <p className={NOTE}>加载中...</p>
      ) : users.isError ? (
        <p role="alert" className={NOTE}>
          {errorMessage(users.error)}
        </p>
      ) : users.data.data.length === 0 ? (
        <p className={NOTE}>{q ? `没有找到与「${q}」相关的用户` : '还没有用户'}</p>
      ) : (
        <div className={TABLE_BOX}>
          <table className={TABLE} aria-label="用户列表">
            <thead>
              <tr>
                {['用户名', '手机', '邮箱', '类型', '金币余额', '状态', '注册时间', '操作'].map((title, index) => (
                  // The name stays in view while a phone scrolls the row sideways.
                  <th key={title} scope="col" className={index === 0 ? `${TH} sticky left-0` : TH}>
                    {title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {users.data.data.map((user) => (
                <tr key={user.userId} data-testid="admin-user-row">
                  <td className={`${TD} sticky left-0 bg-white`}>
                    <button type="button" title="查看用户详情" className="break-all text-left font-medium text-indigo-700 hover:underline" onClick={() => showUser(user.userId)}>
                      {user.username}
                    </button>
                  </td>
                  <td className={`${TD} whitespace-nowrap`}>{user.phoneMasked ?? '—'}</td>
                  <td className={TD}>{user.emailMasked ?? '—'}</td>
                  <td className={`${TD} whitespace-nowrap`}>{user.userType === 'pro' ? '高级版' : '免费版'}</td>
                  <td className={`${TD} whitespace-nowrap tabular-nums`}>{count(user.coinBalance)}</td>
                  <td className={`${TD} whitespace-nowrap`}>{user.locked ? <span className="text-red-600">已锁定</span> : '正常'}</td>
                  <td className={`${TD} whitespace-nowrap`}>{beijingTime(user.createdAt)}</td>
                  <td className={TD}>
                    <div className="flex gap-1.5">
                      <button type="button" className={SMALL_BUTTON} onClick={() => setActing({ user, action: 'coins' })}>
                        调整金币
                      </button>
                      <button type="button" className={SMALL_BUTTON} onClick={() => setActing({ user, action: 'lock' })}>
                        {user.locked ? '解锁' : '锁定'}
                      </button>
                      <button type="button" className={SMALL_BUTTON} onClick={() => setActing({ user, action: 'logout' })}>
                        强制下线
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {users.data && <Pager label="用户列表翻页" page={page} totalPages={users.data.totalPages} onPage={setPage} />}
      {acting && <UserActionDialog user={acting.user} action={acting.action} onClose={() => setActing(null)} />}
    </section>
  );
}
