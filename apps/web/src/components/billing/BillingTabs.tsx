import { type KeyboardEvent, useRef } from 'react';

export const BILLING_TABS = ['充值订单', '金币明细'] as const;

export const billingTabId = (index: number) => `billing-tab-${index}`;
export const billingPanelId = (index: number) => `billing-panel-${index}`;

interface BillingTabsProps {
  selected: number;
  onSelect: (index: number) => void;
}

/** Orders and ledger as an ARIA tab list; arrow keys, Home and End move between them. */
export function BillingTabs({ selected, onSelect }: BillingTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const moveWithKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = BILLING_TABS.length - 1;
    const next = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + BILLING_TABS.length) % BILLING_TABS.length;
    onSelect(index);
    tabs.current[index]?.focus();
  };

  return (
    <div role="tablist" aria-label="账单类型" onKeyDown={moveWithKeys} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
      {BILLING_TABS.map((label, index) => (
        <button
          key={label}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          id={billingTabId(index)}
          type="button"
          role="tab"
          aria-selected={index === selected}
          aria-controls={billingPanelId(index)}
          tabIndex={index === selected ? 0 : -1}
          onClick={() => onSelect(index)}
          className="rounded-lg px-2 py-2 text-sm font-medium text-slate-500 transition-colors hover:text-slate-800 aria-selected:bg-white aria-selected:text-indigo-700 aria-selected:shadow-sm"
        >
          {label}
        </button>
      ))}
    </div>
  );
}
