import { SHOWCASE_CASES } from '@tianma/shared';
import { TriangleAlert } from 'lucide-react';
import type { ShowcaseCase } from './case-articles';
import { CaseCard } from './CaseCard';
import { CaseCardSkeleton, CaseSectionFrame } from './CaseSectionFrame';
import { useCaseArticle, useFirstCaseError } from './use-case-articles';

export function CaseSection() {
  const firstError = useFirstCaseError();
  return (
    <CaseSectionFrame
      notice={
        firstError && (
          <p
            role="status"
            className="mb-6 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            部分案例数据加载失败，已显示默认内容（{firstError}）
          </p>
        )
      }
    >
      {SHOWCASE_CASES.map((showcase) => (
        <CaseSlot key={showcase.articleId} showcase={showcase} />
      ))}
    </CaseSectionFrame>
  );
}

function CaseSlot({ showcase }: { showcase: ShowcaseCase }) {
  const state = useCaseArticle(showcase);
  return state.status === 'loading' ? <CaseCardSkeleton /> : <CaseCard showcase={showcase} content={state.content} />;
}
