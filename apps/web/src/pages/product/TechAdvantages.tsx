import { Fingerprint, GitBranch, Network, Quote } from 'lucide-react';
import { SectionHeading } from '../../components/ui/SectionHeading';

const ADVANTAGES = [
  {
    icon: Network,
    title: '多智能体协作',
    text: '检索、分析、规划、写作、配图、审校由不同智能体各司其职，彼此交接上下文，质量远超单次生成。',
  },
  {
    icon: GitBranch,
    title: '并行章节写作',
    text: '大纲确定后各章节同时研究与撰写，长文生成更快，每一节也能拥有独立的资料支撑。',
  },
  {
    icon: Quote,
    title: '来源可追溯',
    text: '引用的网页与知识库片段都保留出处，方便核对事实，让内容经得起推敲。',
  },
  {
    icon: Fingerprint,
    title: '平台风格适配',
    text: '针对公众号、小红书、知乎等平台的语气、篇幅和排版习惯分别调校，写出“像本地人”的内容。',
  },
];

export function TechAdvantages() {
  return (
    <section aria-labelledby="tech-advantages" className="bg-white px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="tech-advantages" title="技术优势" subtitle="不是一次性的文本生成，而是一条完整的创作流水线" />
        <ul className="grid gap-6 sm:grid-cols-2">
          {ADVANTAGES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl bg-slate-50 p-6">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-indigo-600 shadow-sm">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
