import { PLANS, type PlanId } from '@tianma/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useGatedHref } from '../../auth/use-gated-href';
import { buttonClass } from '../../components/ui/button-styles';
import { PlanCard } from './PlanCard';

export function PlanCards({ onContactSales }: { onContactSales: () => void }) {
  const gated = useGatedHref();
  const full = 'w-full py-3';

  const actions: Record<PlanId, ReactNode> = {
    free: (
      <Link to={gated('/create')} className={buttonClass('secondary', full)}>
        免费开始
      </Link>
    ),
    premium: (
      <Link to={gated('/pay?type=premium')} className={buttonClass('primary', full)}>
        开始试用
      </Link>
    ),
    enterprise: (
      <button type="button" onClick={onContactSales} className={buttonClass('secondary', full)}>
        联系销售
      </button>
    ),
  };

  return (
    <ul className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-3">
      {PLANS.map((plan) => (
        <PlanCard key={plan.id} plan={plan} action={actions[plan.id]} />
      ))}
    </ul>
  );
}
