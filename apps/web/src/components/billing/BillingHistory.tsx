import { RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { buttonClass } from '../ui/button-styles';
import { BILLING_TABS, BillingTabs, billingPanelId, billingTabId } from './BillingTabs';
import { LedgerList } from './LedgerList';
import { OrderList } from './OrderList';
import { type BillingHistoryState, useBillingHistory } from './use-billing-history';

function panelContent(state: BillingHistoryState, tab: number, retry: () => void): ReactNode {
  if (state.status === 'loading') return <p className="py-8 text-center text-sm text-slate-400">加载中...</p>;
  if (state.status === 'error')
    return (
      <div className="py-6 text-center">
        <p role="alert" className="text-sm text-red-600">
          {state.message}
        </p>
        <button type="button" onClick={retry} className={buttonClass('secondary', 'mt-3 px-4 py-2')}>
          <RotateCcw aria-hidden="true" className="size-4" />
          重试
        </button>
      </div>
    );
  return tab === 0 ? <OrderList orders={state.data.orders} /> : <LedgerList entries={state.data.entries} />;
}

/** 账单记录: the signed-in user's orders and coin ledger (profile page). */
export function BillingHistory() {
  const { state, retry } = useBillingHistory();
  const [tab, setTab] = useState(0);

  return (
    <section aria-labelledby="billing-history" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="billing-history" className="mb-4 font-semibold text-slate-900">
        账单记录
      </h2>
      <BillingTabs selected={tab} onSelect={setTab} />
      {BILLING_TABS.map((label, index) => (
        <div key={label} id={billingPanelId(index)} role="tabpanel" aria-labelledby={billingTabId(index)} hidden={index !== tab} className="mt-2">
          {index === tab && panelContent(state, index, retry)}
        </div>
      ))}
    </section>
  );
}
