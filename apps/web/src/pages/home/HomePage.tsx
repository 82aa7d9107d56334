import { REGISTRATION_GIFT_COINS } from '@tianma/shared';
import { lazy, Suspense } from 'react';
import { useGatedHref } from '../../auth/use-gated-href';
import { CtaBanner } from '../../components/ui/CtaBanner';
import { CaseSectionLoading } from './CaseSectionFrame';
import { Hero } from './Hero';
import { HomeFeatures } from './HomeFeatures';

// Below the fold, with its data still to come: its cards load beside the page, not in the entry.
const CaseSection = lazy(() => import('./CaseSection').then((module) => ({ default: module.CaseSection })));

export function HomePage() {
  const gated = useGatedHref();
  return (
    <>
      <Hero />
      <HomeFeatures />
      <Suspense fallback={<CaseSectionLoading />}>
        <CaseSection />
      </Suspense>
      <CtaBanner
        title="让下一篇爆款文章从这里开始"
        text={`注册即送 ${REGISTRATION_GIFT_COINS} 金币，马上体验多智能体协作写作。`}
        buttonLabel="立即体验"
        to={gated('/create')}
      />
    </>
  );
}
