import { type Plan, PRO_MONTH } from '@tianma/shared';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';

interface PlanCardProps {
  plan: Plan;
  /** The plan's button or link. */
  action: ReactNode;
}

export function PlanCard({ plan, action }: PlanCardProps) {
  const highlighted = Boolean(plan.highlighted);
  return (
    <li
      className={`relative flex flex-col rounded-3xl bg-white p-6 sm:p-8 ${
        highlighted ? 'shadow-xl ring-2 ring-indigo-600' : 'shadow-sm ring-1 ring-slate-200'
      }`}
    >
      {highlighted && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-0.5 text-xs font-semibold text-white">
          最受欢迎
        </p>
      )}
      <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
      <PlanPrice plan={plan} />
      <p className="mt-2 text-sm text-slate-600">
        <span className="text-base font-semibold text-indigo-600">{plan.coins}</span> 币
        <span className="ml-2 text-slate-400">{plan.coinsNote}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature.label} className="flex items-start gap-2">
            {feature.included ? (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-500" />
            ) : (
              <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-300" />
            )}
            <span className={feature.included ? 'text-slate-700' : 'text-slate-400'}>
              {feature.label}
              {!feature.included && <span className="sr-only">（不包含）</span>}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </li>
  );
}

function PlanPrice({ plan }: { plan: Plan }) {
  return (
    <div className="mt-4">
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-bold text-slate-900">¥{plan.priceYuan}</span>
        <span className="text-sm text-slate-500">{plan.period === '永久' ? '永久' : `/${plan.period}`}</span>
      </p>
      {plan.originalYuan !== undefined && (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <del className="text-slate-400">
            <span className="sr-only">原价</span>¥{plan.originalYuan}
          </del>
          <span className="rounded-md bg-rose-50 px-1.5 py-0.5 text-xs font-semibold text-rose-600">
            {PRO_MONTH.discountLabel}
          </span>
          <span className="text-rose-600">立省{PRO_MONTH.saveYuan}元</span>
        </p>
      )}
    </div>
  );
}
