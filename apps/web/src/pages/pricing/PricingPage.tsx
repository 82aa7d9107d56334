import { useState } from 'react';
import { CoinTopupSection } from './CoinTopupSection';
import { ContactSalesModal } from './ContactSalesModal';
import { CustomTopupModal } from './CustomTopupModal';
import { PlanCards } from './PlanCards';
import { PlanComparison } from './PlanComparison';
import { PricingFaq } from './PricingFaq';

type PricingDialog = 'sales' | 'custom-topup' | null;

export function PricingPage() {
  const [dialog, setDialog] = useState<PricingDialog>(null);
  const close = () => setDialog(null);

  return (
    <>
      <section aria-labelledby="pricing-plans" className="bg-gradient-to-b from-indigo-50 to-slate-50 px-4 pt-16 pb-12">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h1 id="pricing-plans" className="text-3xl font-bold text-slate-900 sm:text-4xl">
            价格方案
          </h1>
          <p className="mt-4 text-slate-600">从免费体验到团队协作，选择适合你的创作方案</p>
        </div>
        <PlanCards onContactSales={() => setDialog('sales')} />
      </section>
      <CoinTopupSection onCustomTopup={() => setDialog('custom-topup')} />
      <PlanComparison />
      <PricingFaq />
      {dialog === 'sales' && <ContactSalesModal onClose={close} />}
      {dialog === 'custom-topup' && <CustomTopupModal onClose={close} />}
    </>
  );
}
