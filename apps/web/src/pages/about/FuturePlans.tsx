import { Lightbulb, Rocket, Sprout } from 'lucide-react';
import { SectionHeading } from '../../components/ui/SectionHeading';

const PLANS = [
  { icon: Lightbulb, title: '技术创新', text: '持续提升智能体的推理、检索与事实核查能力，让长文更准确、更有深度。' },
  { icon: Rocket, title: '产品拓展', text: '覆盖更多内容平台与文体，从图文延伸到短视频脚本与多语言创作。' },
  { icon: Sprout, title: '生态建设', text: '开放接口与模板市场，与创作者、机构和企业共建内容生态。' },
];

export function FuturePlans() {
  return (
    <section aria-labelledby="about-future" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="about-future" title="未来规划" />
        <ul className="grid gap-6 md:grid-cols-3">
          {PLANS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <Icon aria-hidden="true" className="size-7 text-indigo-600" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
