import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Info, LoaderCircle, RotateCcw, XCircle } from 'lucide-react';
import { buttonClass } from '../../components/ui/button-styles';
import type { Preflight, PreflightFinding, PreflightLimit } from './publish-api';

const LEVEL_ICON = { info: Info, warn: AlertTriangle, block: XCircle } as const;
const LEVEL_COLOR = { info: 'text-slate-400', warn: 'text-amber-500', block: 'text-red-600' } as const;

/**
 * 预检: what WeChat would strip or change in this article in this theme, with what we do about
 * it, and the draft box's limits, each marked fine or too long (decision 074's preflight report).
 */
export function PreflightReport({ query, typed = {} }: { query: UseQueryResult<Preflight>; typed?: TypedFields }) {
  const { data, error } = query;
  return (
    <section aria-labelledby="wechat-preflight" aria-busy={query.isFetching} className="rounded-xl border border-slate-200 p-3">
      <h3 id="wechat-preflight" className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        预检
        {query.isFetching && data && <LoaderCircle aria-label="正在更新预检" className="size-3.5 animate-spin text-slate-400" />}
      </h3>
      {!data && (query.isPending || query.isFetching) && (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-500">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          正在检查公众号会怎样处理这篇文章…
        </p>
      )}
      {!data && error && !query.isFetching && (
        <div className="mt-2 text-sm">
          <p role="alert" className="text-red-600">
            预检失败：{error.message}
          </p>
          <button type="button" onClick={() => void query.refetch()} className={buttonClass('secondary', 'mt-2 px-3 py-1.5')}>
            <RotateCcw aria-hidden="true" className="size-4" />
            重新预检
          </button>
        </div>
      )}
      {data && <ReportBody report={data} typed={typed} />}
    </section>
  );
}

/** What the form holds for the fields the report measured without it (the server's own default otherwise). */
export type TypedFields = Partial<Record<'author' | 'digest', string>>;

/** A limit as it stands with what was typed in the form: the report measured the article's defaults. */
function withTyped(limit: PreflightLimit, typed: TypedFields): PreflightLimit {
  const text = limit.field === 'author' || limit.field === 'digest' ? typed[limit.field]?.trim() : undefined;
  if (!text) return limit;
  const length = [...text].length;
  return { ...limit, length, ok: length <= limit.max };
}

/** Whether the draft can be made as things stand: nothing blocking, every limit kept with what is typed. */
export function reportOk(report: Preflight, typed: TypedFields): boolean {
  return report.findings.every((finding) => finding.level !== 'block') && report.limits.every((limit) => withTyped(limit, typed).ok);
}

function ReportBody({ report, typed }: { report: Preflight; typed: TypedFields }) {
  const { pictures } = report;
  const ok = reportOk(report, typed);
  return (
    <div className="mt-2 space-y-3 text-sm">
      <p data-testid="preflight-summary" className={`flex items-start gap-1.5 font-medium ${ok ? 'text-emerald-700' : 'text-red-600'}`}>
        {ok ? <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
        {ok ? '可以存入草稿箱' : '需要先修改文章，才能存入草稿箱'}
      </p>
      <div>
        <h4 className="text-xs font-medium text-slate-500">公众号会处理的内容</h4>
        {report.findings.length === 0 ? (
          <p className="mt-1 text-slate-600">没有会被公众号删除或改动的内容。</p>
        ) : (
          <ul aria-label="公众号会处理的内容" className="mt-1 space-y-2">
            {report.findings.map((finding) => (
              <FindingItem key={finding.kind} finding={finding} />
            ))}
          </ul>
        )}
      </div>
      <div>
        <h4 className="text-xs font-medium text-slate-500">图片</h4>
        <p className="mt-1 text-slate-600">{picturesText(pictures)}</p>
      </div>
      <div>
        <h4 className="text-xs font-medium text-slate-500">字数限制</h4>
        <ul aria-label="字数限制" className="mt-1 space-y-1">
          {report.limits.map((limit) => (
            <LimitItem key={limit.field} limit={withTyped(limit, typed)} />
          ))}
        </ul>
      </div>
    </div>
  );
}

function FindingItem({ finding }: { finding: PreflightFinding }) {
  const Icon = LEVEL_ICON[finding.level];
  return (
    <li className="flex gap-2">
      <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${LEVEL_COLOR[finding.level]}`} />
      <div className="min-w-0">
        <p className="text-slate-800">{finding.message}</p>
        <p className="mt-0.5 text-slate-500">
          {finding.level === 'block' ? '需要你修改：' : '我们的处理：'}
          {finding.fix}
        </p>
        {finding.examples && finding.examples.length > 0 && (
          <ul aria-label="例子" className="mt-1 space-y-0.5">
            {finding.examples.map((example) => (
              <li key={example} className="truncate rounded bg-slate-50 px-2 py-0.5 font-mono text-xs text-slate-500" title={example}>
                {example}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

function LimitItem({ limit }: { limit: PreflightLimit }) {
  const over = limit.length - limit.max;
  return (
    <li className="flex items-center justify-between gap-2">
      <span className="text-slate-700">{limit.label}</span>
      <span className={`flex items-center gap-1 tabular-nums ${limit.ok ? 'text-emerald-700' : 'font-medium text-red-600'}`}>
        {limit.length} / {limit.max}
        {limit.ok ? (
          <>
            <CheckCircle2 aria-hidden="true" className="size-3.5" />
            <span className="sr-only">未超出</span>
          </>
        ) : (
          <span>（超出 {over}，请缩短）</span>
        )}
      </span>
    </li>
  );
}

function picturesText({ ours, converted, external }: Preflight['pictures']): string {
  if (ours === 0 && external === 0) return '文章里没有图片。';
  const parts: string[] = [];
  if (ours > 0) parts.push(`${ours} 张本站图片会上传到公众号${converted > 0 ? `（其中 ${converted} 张先转为 JPG）` : ''}`);
  if (external > 0) parts.push(`${external} 张外部图片公众号无法显示，会被去掉`);
  return `${parts.join('；')}。`;
}
