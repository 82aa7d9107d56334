import { SHOWCASE_CASES } from '@tianma/shared';
import { TriangleAlert } from 'lucide-react';
import { SectionHeading } from '../../components/ui/SectionHeading';
import type { ShowcaseCase } from './case-articles';
import { CaseCard, CaseCardSkeleton } from './CaseCard';
import { useCaseArticle, useFirstCaseError } from './use-case-articles';

export function CaseSection() {
  const firstError = useFirstCaseError();
  return (
    <section aria-labelledby="home-cases" className="bg-white px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="home-cases" title="创作案例" subtitle="看看天马为不同平台写出的文章" />
        {firstError && (
          <p
            role="status"
            className="mb-6 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            部分案例数据加载失败，已显示默认内容（{firstError}）
          </p>
        )}
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SHOWCASE_CASES.map((showcase) => (
            <CaseSlot key={showcase.articleId} showcase={showcase} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function CaseSlot({ showcase }: { showcase: ShowcaseCase }) {
  const state = useCaseArticle(showcase);
  return state.status === 'loading' ? <CaseCardSkeleton /> : <CaseCard showcase={showcase} content={state.content} />;
}
