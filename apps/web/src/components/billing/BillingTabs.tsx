import * as Tabs from '@radix-ui/react-tabs';

export const BILLING_TABS = ['充值订单', '金币明细'] as const;

export const billingTabId = (index: number) => `billing-tab-${index}`;
export const billingPanelId = (index: number) => `billing-panel-${index}`;

interface BillingTabsProps {
  selected: number;
  onSelect: (index: number) => void;
}

/**
 * Orders and ledger as a Radix tab list; arrow keys, Home and End move between them. The panels
 * are BillingHistory's (ids billingTabId/billingPanelId tie them together).
 */
export function BillingTabs({ selected, onSelect }: BillingTabsProps) {
  return (
    <Tabs.Root value={String(selected)} onValueChange={(value) => onSelect(Number(value))}>
      <Tabs.List aria-label="账单类型" className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
        {BILLING_TABS.map((label, index) => (
          <Tabs.Trigger
            key={label}
            value={String(index)}
            id={billingTabId(index)}
            aria-controls={billingPanelId(index)}
            className="rounded-lg px-2 py-2 text-sm font-medium text-slate-500 transition-colors hover:text-slate-800 aria-selected:bg-white aria-selected:text-indigo-700 aria-selected:shadow-sm"
          >
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
