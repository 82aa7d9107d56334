import { RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { buttonClass } from '../ui/button-styles';
import { BILLING_TABS, BillingTabs, billingPanelId, billingTabId } from './BillingTabs';
import { LedgerList } from './LedgerList';
import { OrderList } from './OrderList';
import { useBillingHistory } from './use-billing-history';

type HistoryQuery = ReturnType<typeof useBillingHistory>;

function panelContent(history: HistoryQuery, tab: number, retry: () => void): ReactNode {
  const { data, error } = history;
  // NOTE: what was read stays shown while it is read again (after a payment); a failed read
  // shows its error, and 重试 shows 加载中 again until the next answer.
  if (data) return tab === 0 ? <OrderList orders={data.orders} /> : <LedgerList entries={data.entries} />;
  if (!error || history.isFetching) return <p className="py-8 text-center text-sm text-slate-400">加载中...</p>;
  return (
    <div className="py-6 text-center">
      <p role="alert" className="text-sm text-red-600">
        {error.message}
      </p>
      <button type="button" onClick={retry} className={buttonClass('secondary', 'mt-3 px-4 py-2')}>
        <RotateCcw aria-hidden="true" className="size-4" />
        重试
      </button>
    </div>
  );
}

/** 账单记录: the signed-in user's orders and coin ledger (profile page). */
export function BillingHistory() {
  const history = useBillingHistory();
  const retry = () => void history.refetch();
  const [tab, setTab] = useState(0);

  return (
    <section aria-labelledby="billing-history" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="billing-history" className="mb-4 font-semibold text-slate-900">
        账单记录
      </h2>
      <BillingTabs selected={tab} onSelect={setTab} />
      {BILLING_TABS.map((label, index) => (
        <div key={label} id={billingPanelId(index)} role="tabpanel" aria-labelledby={billingTabId(index)} hidden={index !== tab} className="mt-2">
          {index === tab && panelContent(history, index, retry)}
        </div>
      ))}
    </section>
  );
}
