import { REGISTRATION_GIFT_COINS } from '@tianma/shared';
import { useGatedHref } from '../../auth/use-gated-href';
import { CtaBanner } from '../../components/ui/CtaBanner';
import { CaseSection } from './CaseSection';
import { Hero } from './Hero';
import { HomeFeatures } from './HomeFeatures';

export function HomePage() {
  const gated = useGatedHref();
  return (
    <>
      <Hero />
      <HomeFeatures />
      <CaseSection />
      <CtaBanner
        title="让下一篇爆款文章从这里开始"
        text={`注册即送 ${REGISTRATION_GIFT_COINS} 金币，马上体验多智能体协作写作。`}
        buttonLabel="立即体验"
        to={gated('/create')}
      />
    </>
  );
}
