import { SITE } from '@tianma/shared';
import { SectionHeading } from '../../components/ui/SectionHeading';

const MILESTONES = [
  { date: SITE.foundedAt, title: '公司成立', text: `${SITE.company}成立，组建多智能体写作研发团队。` },
  { date: SITE.launchedAt, title: '产品上线', text: '天马正式上线，支持公众号、小红书、知乎等平台的长文创作。' },
];

export function Timeline() {
  return (
    <section aria-labelledby="about-timeline" className="px-4 py-12">
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="about-timeline" title="发展历程" />
        <ol className="relative space-y-8 border-l-2 border-indigo-100 pl-6">
          {MILESTONES.map((milestone) => (
            <li key={milestone.date} className="relative">
              <span aria-hidden="true" className="absolute top-1.5 -left-[33px] size-4 rounded-full border-4 border-white bg-indigo-600 shadow" />
              <p className="text-sm font-semibold text-indigo-600">
                <time>{milestone.date}</time>
              </p>
              <h3 className="mt-1 text-lg font-semibold text-slate-900">{milestone.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{milestone.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
