import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { PAGE_CONTAINER } from '../../components/layout/page-container';
import { PageSpinner } from '../../components/ui/Spinner';
import { ApiError } from '../../lib/api';
import { ADMIN_KEY, adminKeys, fetchAdminSession } from './admin-api';
import { errorMessage } from './admin-format';
import { AuditTab } from './AuditTab';
import { ContentTab } from './ContentTab';
import { DashboardTab } from './DashboardTab';
import { OrdersTab } from './OrdersTab';
import { ProvidersTab } from './ProvidersTab';
import { StepUpProvider } from './step-up';
import { TasksTab } from './TasksTab';
import { UsersTab } from './UsersTab';

const TABS = [
  { id: 'overview', label: '概览', render: () => <DashboardTab /> },
  { id: 'users', label: '用户', render: () => <UsersTab /> },
  { id: 'orders', label: '订单', render: () => <OrdersTab /> },
  { id: 'tasks', label: '任务', render: () => <TasksTab /> },
  { id: 'content', label: '内容', render: () => <ContentTab /> },
  { id: 'providers', label: '服务商', render: () => <ProvidersTab /> },
  { id: 'audit', label: '审计日志', render: () => <AuditTab /> },
] as const;

function Frame({ children }: { children: ReactNode }) {
  return <div className={`${PAGE_CONTAINER} space-y-5 py-6 sm:py-8`}>{children}</div>;
}

function NotOperator() {
  return (
    <Frame>
      <div role="alert" className="mx-auto mt-10 max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center">
        <ShieldAlert aria-hidden="true" className="mx-auto size-10 text-slate-400" />
        <h1 className="mt-3 text-lg font-semibold text-slate-900">仅运营人员可以访问</h1>
        <p className="mt-2 text-sm text-slate-500">运营后台只对运营人员开放。如需权限，请联系管理员。</p>
      </div>
    </Frame>
  );
}

/** 运营后台 (issue 21): the dashboard, users, orders, tasks, content, providers and the audit log, for operators only. */
export function AdminPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const isOperator = user?.role === 'operator';
  const session = useQuery({ queryKey: adminKeys.session, queryFn: ({ signal }) => fetchAdminSession(signal), enabled: isOperator, staleTime: 0 });

  // What the console read stays with the console: gone when it closes (another user may sign in next).
  useEffect(() => () => queryClient.removeQueries({ queryKey: ADMIN_KEY }), [queryClient]);

  if (!isOperator) return <NotOperator />;
  if (session.isError && session.error instanceof ApiError && (session.error.status === 403 || session.error.status === 401)) return <NotOperator />;
  if (session.isPending) return <PageSpinner label="加载中..." />;
  if (session.isError)
    return (
      <Frame>
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          {errorMessage(session.error)}
        </p>
      </Frame>
    );

  const current = TABS.find((tab) => tab.id === params.get('tab')) ?? TABS[0];
  return (
    <StepUpProvider>
      <Frame>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-xl font-bold text-slate-900">运营后台</h1>
          <p className="text-sm text-slate-500">当前运营：{session.data.username}</p>
        </div>
        <div role="tablist" aria-label="运营后台" className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4">
          {TABS.map((tab) => (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`admin-tab-${tab.id}`}
              aria-selected={tab.id === current.id}
              aria-controls="admin-panel"
              onClick={() => setParams(tab.id === 'overview' ? {} : { tab: tab.id }, { replace: true })}
              className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium ${
                tab.id === current.id ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-500 hover:text-slate-800'
              }`}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id="admin-panel" aria-labelledby={`admin-tab-${current.id}`}>
          {current.render()}
        </div>
      </Frame>
    </StepUpProvider>
  );
}
