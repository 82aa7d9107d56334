import { Brain, Code, Palette } from 'lucide-react';
import { SectionHeading } from '../../components/ui/SectionHeading';

const TEAMS = [
  { icon: Brain, title: '算法与智能体', text: '来自自然语言处理与信息检索领域，负责多智能体编排、检索增强与写作质量评估。' },
  { icon: Code, title: '工程与平台', text: '打造稳定、可扩展的创作流水线，让每一篇长文都能按时、可靠地交付。' },
  { icon: Palette, title: '内容与设计', text: '资深编辑与设计师，深谙各平台的内容风格，持续打磨写作模板与阅读体验。' },
];

export function TeamSection() {
  return (
    <section aria-labelledby="about-team" className="bg-white px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="about-team" title="我们的团队" subtitle="一支懂技术、也懂内容的小而精的团队" />
        <ul className="grid gap-6 md:grid-cols-3">
          {TEAMS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 p-6 text-center">
              <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
