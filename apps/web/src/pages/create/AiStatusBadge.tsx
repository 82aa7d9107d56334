import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { fetchSystemStatus } from './system-status-api';

/** While the status call fails, it is asked again this often, so 连接中 turns ready on its own. */
export const STATUS_RETRY_MS = 15_000;

export const OFFLINE_HINT = '当前未配置大模型，文章由内置的离线写作引擎生成';

/** The header's AI status: 连接中 until /system/status answers, then AI 系统就绪 (spec §2). */
export function AiStatusBadge() {
  const { data: status } = useQuery({
    queryKey: queryKeys.systemStatus,
    queryFn: ({ signal }) => fetchSystemStatus(signal),
    // Beyond the usual retries, asked again on a slow clock until it answers (a server that is
    // still starting); then read from the cache like any other read.
    refetchInterval: (query) => (query.state.data ? false : STATUS_RETRY_MS),
  });

  const ready = status !== undefined;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span
        data-testid="ai-status"
        className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-medium ${
          ready ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-500'
        }`}
      >
        <span aria-hidden="true" className={`size-2 rounded-full ${ready ? 'bg-emerald-500' : 'animate-pulse bg-slate-400'}`} />
        {ready ? 'AI 系统就绪' : '连接中'}
      </span>
      {status?.writer === 'offline' && (
        <span title={OFFLINE_HINT} className="rounded-full bg-amber-50 px-2.5 py-1 text-xs text-amber-700">
          离线写作模式
          <span className="sr-only">：{OFFLINE_HINT}</span>
        </span>
      )}
    </div>
  );
}
