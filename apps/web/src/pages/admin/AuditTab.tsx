import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys, fetchAudit } from './admin-api';
import { beijingTime, errorMessage } from './admin-format';
import { NOTE, TABLE, TABLE_BOX, TD, TH } from './admin-table';
import { auditActionLabel, auditTargetLabel, auditValue } from './audit-labels';
import { Pager } from './Pager';

/** 审计日志: every operator action, newest first, with what it changed and why. */
export function AuditTab() {
  const [page, setPage] = useState(1);
  const audit = useQuery({ queryKey: adminKeys.auditPage(page), queryFn: ({ signal }) => fetchAudit(page, signal), placeholderData: keepPreviousData });

  if (audit.isPending) return <p className={NOTE}>加载中...</p>;
  if (audit.isError)
    return (
      <p role="alert" className={NOTE}>
        {errorMessage(audit.error)}
      </p>
    );
  if (audit.data.data.length === 0) return <p className={NOTE}>还没有操作记录</p>;
  return (
    <section aria-label="审计日志">
      <div className={TABLE_BOX}>
        <table className={TABLE} aria-label="审计日志列表">
          <thead>
            <tr>
              {['时间', '操作人', '操作', '对象', '变更', '原因'].map((title) => (
                <th key={title} scope="col" className={TH}>
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {audit.data.data.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; a page is replaced whole, never reordered
              <tr key={`${entry.at}-${index}`} data-testid="audit-row">
                <td className={`${TD} whitespace-nowrap`}>{beijingTime(entry.at)}</td>
                <td className={TD}>{entry.operator === 'cli' ? '命令行' : entry.operator}</td>
                <td className={`${TD} whitespace-nowrap font-medium text-slate-900`}>{auditActionLabel(entry.action)}</td>
                <td className={`${TD} whitespace-nowrap`}>{auditTargetLabel(entry.target)}</td>
                <td className={`${TD} min-w-48 font-mono text-xs`}>
                  {entry.before == null && entry.after == null ? '—' : `${auditValue(entry.before)} → ${auditValue(entry.after)}`}
                </td>
                <td className={`${TD} min-w-40`}>{entry.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label="审计日志翻页" page={page} totalPages={audit.data.totalPages} onPage={setPage} />
    </section>
  );
}
