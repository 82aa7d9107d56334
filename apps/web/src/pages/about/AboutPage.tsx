import { SITE } from '@tianma/shared';
import { useGatedHref } from '../../auth/use-gated-href';
import { CtaBanner } from '../../components/ui/CtaBanner';
import { FuturePlans } from './FuturePlans';
import { TeamSection } from './TeamSection';
import { Timeline } from './Timeline';

export function AboutPage() {
  const gated = useGatedHref();
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-slate-50 px-4 pt-16 pb-12 text-center sm:pt-20">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">关于我们</h1>
        <p className="mx-auto mt-4 max-w-2xl text-slate-600">{SITE.company}</p>
      </section>
      <section aria-labelledby="about-vision" className="px-4 py-12">
        <div className="mx-auto max-w-3xl rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 sm:p-12">
          <h2 id="about-vision" className="text-sm font-semibold tracking-widest text-indigo-600">
            我们的愿景
          </h2>
          <p className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{SITE.aboutSlogan}</p>
          <p className="mt-4 text-slate-600">
            好的内容值得被更多人看见。我们希望每一位创作者、内容团队和企业，都能把精力放在想法本身，而把检索、组织与写作交给可靠的
            AI 智能体。
          </p>
        </div>
      </section>
      <Timeline />
      <TeamSection />
      <FuturePlans />
      <CtaBanner
        title="和天马一起创作"
        text="把选题交给我们，剩下的交给智能体团队。"
        buttonLabel="开始创作"
        to={gated('/create')}
      />
    </>
  );
}
