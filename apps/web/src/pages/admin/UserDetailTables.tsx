import type { ReactNode } from 'react';
import type { AdminUserDetail } from './admin-api';
import { beijingTime, count, yuan } from './admin-format';
import { TABLE, TABLE_BOX, TD, TH } from './admin-table';
import { sharePath } from './content-api';
import { ledgerKindLabel, orderStatusLabel } from './user-labels';

const HEADING = 'text-base font-semibold text-slate-900';
const EMPTY = 'rounded-xl border border-slate-200 bg-white px-4 py-4 text-sm text-slate-500';

/** One section of the user's page: a heading, and the table or a line saying there is nothing. */
function Section({ title, note, empty, children }: { title: string; note?: string; empty: string | null; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className={HEADING}>
        {title}
        {note && <span className="ml-2 text-xs font-normal text-slate-500">{note}</span>}
      </h3>
      {empty ? <p className={EMPTY}>{empty}</p> : <div className={TABLE_BOX}>{children}</div>}
    </section>
  );
}

function Head({ titles }: { titles: string[] }) {
  return (
    <thead>
      <tr>
        {titles.map((title) => (
          <th key={title} scope="col" className={TH}>
            {title}
          </th>
        ))}
      </tr>
    </thead>
  );
}

const signed = (n: number) => (n > 0 ? `+${count(n)}` : count(n));

/** The ledger, orders, articles and sessions of one user, newest first; each table scrolls sideways on a phone. */
export function UserDetailTables({ detail }: { detail: AdminUserDetail }) {
  return (
    <>
      <Section title="金币流水" note="最近50条" empty={detail.ledger.length ? null : '还没有金币流水'}>
        <table className={TABLE} aria-label="金币流水">
          <Head titles={['时间', '类型', '变动', '余额', '说明']} />
          <tbody className="divide-y divide-slate-100">
            {detail.ledger.map((row) => (
              // No id in the answer: a time, a kind and the balance after it name an entry.
              <tr key={`${row.at}|${row.kind}|${row.delta}|${row.balanceAfter}`}>
                <td className={`${TD} whitespace-nowrap`}>{beijingTime(row.at)}</td>
                <td className={`${TD} whitespace-nowrap`}>{ledgerKindLabel(row.kind)}</td>
                <td className={`${TD} whitespace-nowrap tabular-nums ${row.delta < 0 ? 'text-red-600' : 'text-emerald-700'}`}>{signed(row.delta)}</td>
                <td className={`${TD} tabular-nums`}>{count(row.balanceAfter)}</td>
                <td className={`${TD} min-w-40 break-words`}>
                  {row.reason ?? '—'}
                  {row.ref && <span className="block font-mono text-xs text-slate-400">{row.ref}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section title="订单" note="最近20笔" empty={detail.orders.length ? null : '还没有订单'}>
        <table className={TABLE} aria-label="订单">
          <Head titles={['订单号', '金额（元）', '金币', '状态', '支付时间', '已退款（元）']} />
          <tbody className="divide-y divide-slate-100">
            {detail.orders.map((order) => (
              <tr key={order.outTradeNo}>
                <td className={`${TD} font-mono text-xs`}>{order.outTradeNo}</td>
                <td className={`${TD} tabular-nums`}>{yuan(order.amountFen)}</td>
                <td className={`${TD} tabular-nums`}>{count(order.coins)}</td>
                <td className={`${TD} whitespace-nowrap`}>{orderStatusLabel(order)}</td>
                <td className={`${TD} whitespace-nowrap`}>{beijingTime(order.paidAt)}</td>
                <td className={`${TD} tabular-nums`}>{order.refundedFen > 0 ? yuan(order.refundedFen) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section title="文章" note="最近20篇" empty={detail.articles.length ? null : '还没有文章'}>
        <table className={TABLE} aria-label="文章">
          <Head titles={['标题', '字数', '分享', '创建时间']} />
          <tbody className="divide-y divide-slate-100">
            {detail.articles.map((article) => (
              <tr key={article.articleId}>
                <td className={`${TD} min-w-48 break-words`}>
                  {article.isPublic && !article.hidden ? (
                    <a href={sharePath(article.articleId)} target="_blank" rel="noopener noreferrer" className="font-medium text-indigo-700 hover:underline">
                      {article.title || '（无标题）'}
                    </a>
                  ) : (
                    <span className="font-medium text-slate-900">{article.title || '（无标题）'}</span>
                  )}
                </td>
                <td className={`${TD} tabular-nums`}>{count(article.wordCount)}</td>
                <td className={`${TD} whitespace-nowrap`}>{article.hidden ? <span className="text-red-600">已被隐藏</span> : article.isPublic ? '已分享' : '未分享'}</td>
                <td className={`${TD} whitespace-nowrap`}>{beijingTime(article.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section title="登录设备" note="未过期的会话，IP 只显示网段" empty={detail.sessions.length ? null : '当前没有登录的设备'}>
        <table className={TABLE} aria-label="登录设备">
          <Head titles={['IP', '设备', '登录时间', '最近活动', '到期时间']} />
          <tbody className="divide-y divide-slate-100">
            {detail.sessions.map((session) => (
              <tr key={session.id}>
                <td className={`${TD} whitespace-nowrap font-mono text-xs`}>{session.ip ?? '—'}</td>
                <td className={`${TD} min-w-48 max-w-80 break-all text-xs`}>{session.userAgent ?? '—'}</td>
                <td className={`${TD} whitespace-nowrap`}>{beijingTime(session.createdAt)}</td>
                <td className={`${TD} whitespace-nowrap`}>{beijingTime(session.lastSeenAt)}</td>
                <td className={`${TD} whitespace-nowrap`}>{beijingTime(session.expiresAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </>
  );
}
