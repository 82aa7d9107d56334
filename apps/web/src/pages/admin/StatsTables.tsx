import { ARTICLE_TYPES, labelOf, PLATFORMS } from '@tianma/shared';
import type { AdminStats } from './admin-api';
import { count } from './admin-format';
import { TABLE, TABLE_BOX, TD, TH } from './admin-table';
import { likeRate } from './stats-summary';
import { stageLabel } from './stage-labels';


function Table({ label, head, rows }: { label: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <div className={TABLE_BOX}>
      <table className={TABLE} aria-label={label}>
        <thead>
          <tr>
            {head.map((title) => (
              <th key={title} scope="col" className={TH}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={String(row[0]) + String(row[1])}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                <td key={index} className={`${TD} whitespace-nowrap ${index > 0 ? 'tabular-nums' : ''}`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const none = <p className="rounded-xl border border-slate-200 bg-white px-4 py-6 text-center text-sm text-slate-500">暂无数据</p>;

/** Model usage over the range, by stage and by who wrote (a model's name, or 离线写作). */
export function UsageTables({ usage }: { usage: AdminStats['usage'] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="min-w-0 space-y-2">
        <h3 className="text-sm font-semibold text-slate-700">按环节的模型用量</h3>
        {usage.byStage.length === 0
          ? none
          : <Table label="按环节的模型用量" head={['环节', '调用次数', 'tokens']} rows={usage.byStage.map((row) => [stageLabel(row.stage), count(row.calls), count(row.tokens)])} />}
      </div>
      <div className="min-w-0 space-y-2">
        <h3 className="text-sm font-semibold text-slate-700">按模型的用量</h3>
        {usage.byModel.length === 0 ? (
          none
        ) : (
          <Table
            label="按模型的用量"
            head={['模型', '完成文章', 'tokens', '成本（元）']}
            rows={usage.byModel.map((row) => [row.model === 'offline' ? '离线写作' : row.model, count(row.tasks), count(row.tokens), row.costYuan.toFixed(2)])}
          />
        )}
      </div>
    </div>
  );
}

/** Likes and dislikes by platform and article type, with the share of likes. */
export function FeedbackTable({ feedback }: { feedback: AdminStats['feedback'] }) {
  if (feedback.length === 0) return none;
  return (
    <Table
      label="反馈"
      head={['平台', '文章类型', '点赞', '点踩', '好评率']}
      rows={feedback.map((row) => [
        labelOf(PLATFORMS, row.platform) ?? (row.platform === 'unknown' ? '未知' : row.platform),
        labelOf(ARTICLE_TYPES, row.articleType) ?? (row.articleType === 'unknown' ? '未设置' : row.articleType),
        count(row.likes),
        count(row.dislikes),
        likeRate(row.likes, row.dislikes),
      ])}
    />
  );
}
