import { SITE } from '@tianma/shared';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { useGatedHref } from '../../auth/use-gated-href';
import { buttonClass } from '../../components/ui/button-styles';

export function Hero() {
  const gated = useGatedHref();
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-slate-50 px-4 pt-16 pb-20 sm:pt-24">
      <div className="mx-auto max-w-3xl text-center">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-xs font-medium text-indigo-600 shadow-sm ring-1 ring-indigo-100">
          <Sparkles aria-hidden="true" className="size-3.5" />
          多智能体 AI 写作平台
        </p>
        <h1 className="mt-6 text-3xl leading-tight font-bold text-slate-900 sm:text-5xl">{SITE.tagline}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-slate-600 sm:text-lg">
          输入一个主题，多个智能体分工协作：检索资料、规划大纲、分章写作、自动配图，几分钟生成适配公众号、小红书、知乎等平台的高质量长文。
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={gated('/create')} className={buttonClass('primary', 'px-6 py-3 text-base')}>
            立即体验
          </Link>
          <Link to="/pricing" className={buttonClass('secondary', 'px-6 py-3 text-base')}>
            查看价格
          </Link>
        </div>
      </div>
    </section>
  );
}
