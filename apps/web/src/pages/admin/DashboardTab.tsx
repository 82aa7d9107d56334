import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { type AdminStats, adminKeys, fetchStats } from './admin-api';
import { count, errorMessage, yuan } from './admin-format';
import { CHIP, NOTE, SELECTED_CHIP } from './admin-table';
import { coinsOption, revenueOption, signupsOption, tasksOption, tokensOption } from './chart-options';
import { type DateRange, PRESETS, presetRange, rangeProblem } from './date-range';
import { EChart } from './EChart';
import { isEmptyStats, likeRate, runsOffline, totalsOf } from './stats-summary';
import { FeedbackTable, UsageTables } from './StatsTables';

const DATE_INPUT = 'min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800';

function Panel({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section aria-label={title} className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-4 ${wide ? 'lg:col-span-2' : ''}`}>
      <h3 className="mb-3 text-sm font-semibold text-slate-700">{title}</h3>
      {children}
    </section>
  );
}

function SummaryCards({ stats }: { stats: AdminStats }) {
  const t = totalsOf(stats.days);
  const finished = t.tasksCompleted + t.tasksFailed;
  const cards = [
    ['新注册', `${count(t.signups)} 人`],
    ['收入', `¥${yuan(t.revenueFen)}`, t.refundsFen ? `退款 ¥${yuan(t.refundsFen)} · 净收入 ¥${yuan(t.revenueFen - t.refundsFen)}` : undefined],
    ['创作任务', `${count(t.tasksStarted)} 个`, finished ? `失败率 ${((t.tasksFailed / finished) * 100).toFixed(1)}%` : undefined],
    ['金币发放 / 消耗', `${count(t.coinsIssued)} / ${count(t.coinsSpent)}`],
    ['模型 tokens', count(t.llmTokens), `成本 ¥${t.llmCostYuan.toFixed(2)}`],
    ['好评率', likeRate(t.likes, t.dislikes), `${count(t.likes)} 赞 · ${count(t.dislikes)} 踩`],
  ] as const;
  return (
    <ul aria-label="区间合计" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {cards.map(([label, value, note]) => (
        <li key={label} className="rounded-2xl border border-slate-200 bg-white p-4">
          <p className="text-xs text-slate-500">{label}</p>
          <p className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">{value}</p>
          {note && <p className="mt-0.5 text-xs text-slate-500">{note}</p>}
        </li>
      ))}
    </ul>
  );
}

function OfflineNotice() {
  return (
    <div role="note" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <p className="font-medium">目前由离线写作器生成文章，没有调用任何模型，因此 tokens 与成本都是 0。</p>
      <p className="mt-1">
        接入模型只需一步：在服务器环境变量中设置 <code>LLM_BASE_URL</code>、<code>LLM_MODEL</code>（以及 <code>LLM_API_KEY</code>，本地 Ollama、vLLM 可不填），然后重启服务。
      </p>
    </div>
  );
}

function Charts({ stats }: { stats: AdminStats }) {
  // Options are rebuilt only when the figures change, so a chart is not redrawn on every render.
  const options = useMemo(
    () => ({
      signups: signupsOption(stats.days),
      tasks: tasksOption(stats.days),
      revenue: revenueOption(stats.days),
      coins: coinsOption(stats.days),
      tokens: tokensOption(stats.days),
    }),
    [stats.days],
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="注册与付费用户">
        <EChart label="注册与付费用户趋势" option={options.signups} />
      </Panel>
      <Panel title="创作任务（个）与生成耗时（秒）">
        <EChart label="每日创作任务与 P50、P95 生成耗时" option={options.tasks} />
      </Panel>
      <Panel title="收入（元）">
        <EChart label="每日收入" option={options.revenue} />
      </Panel>
      <Panel title="金币发放与消耗（币）">
        <EChart label="每日金币发放与消耗" option={options.coins} />
      </Panel>
      <Panel title="模型 tokens 与成本（元）" wide>
        <EChart label="每日模型 tokens 与成本" option={options.tokens} />
      </Panel>
    </div>
  );
}

/** 概览: the range picker, the range's totals, the daily charts, model usage and feedback. */
export function DashboardTab() {
  const [range, setRange] = useState<DateRange>(() => presetRange(30));
  const [preset, setPreset] = useState<number | null>(30);
  const problem = rangeProblem(range);
  const stats = useQuery({
    queryKey: adminKeys.stats(range.from, range.to),
    queryFn: ({ signal }) => fetchStats(range.from, range.to, signal),
    enabled: !problem,
    placeholderData: keepPreviousData,
  });

  const edit = (key: keyof DateRange, value: string) => {
    setRange((current) => ({ ...current, [key]: value }));
    setPreset(null);
  };

  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">时间范围</legend>
        {PRESETS.map(({ days, label }) => (
          <button
            key={days}
            type="button"
            aria-pressed={preset === days}
            className={preset === days ? SELECTED_CHIP : CHIP}
            onClick={() => {
              setRange(presetRange(days));
              setPreset(days);
            }}
          >
            {label}
          </button>
        ))}
        <span className="flex items-center gap-1.5">
          <input type="date" aria-label="开始日期" value={range.from} max={range.to} onChange={(e) => edit('from', e.target.value)} className={DATE_INPUT} />
          <span className="text-slate-400">至</span>
          <input type="date" aria-label="结束日期" value={range.to} min={range.from} onChange={(e) => edit('to', e.target.value)} className={DATE_INPUT} />
        </span>
      </fieldset>
      {problem ? (
        <p role="alert" className={NOTE}>
          {problem}
        </p>
      ) : stats.isPending ? (
        <p role="status" className={NOTE}>
          数据加载中...
        </p>
      ) : stats.isError ? (
        <div role="alert" className={NOTE}>
          <p>{errorMessage(stats.error)}</p>
          <button type="button" className="mt-3 text-indigo-600 hover:underline" onClick={() => void stats.refetch()}>
            重试
          </button>
        </div>
      ) : isEmptyStats(stats.data) ? (
        <p className={NOTE}>
          {stats.data.from} 至 {stats.data.to} 没有任何注册、订单、创作或反馈，图表暂无数据。
        </p>
      ) : (
        <>
          {runsOffline(stats.data) && <OfflineNotice />}
          <SummaryCards stats={stats.data} />
          <Charts stats={stats.data} />
          <Panel title="模型用量">
            <UsageTables usage={stats.data.usage} />
          </Panel>
          <Panel title="读者反馈">
            <FeedbackTable feedback={stats.data.feedback} />
          </Panel>
        </>
      )}
    </div>
  );
}
