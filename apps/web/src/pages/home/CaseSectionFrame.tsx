import { SHOWCASE_CASES } from '@tianma/shared';
import type { ReactNode } from 'react';
import { SectionHeading } from '../../components/ui/SectionHeading';

/**
 * The showcase section's frame: heading, an optional notice, the grid. The home page shows it
 * with skeleton cards while the cards' code (and TanStack Query's observers) loads, so the section
 * below the fold stays out of the entry chunk and the page does not jump when it arrives.
 */
export function CaseSectionFrame({ notice, children }: { notice?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="home-cases" className="bg-white px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="home-cases" title="创作案例" subtitle="看看天马为不同平台写出的文章" />
        {notice}
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">{children}</ul>
      </div>
    </section>
  );
}

export function CaseCardSkeleton() {
  return (
    <li aria-busy="true" aria-label="案例加载中" className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <div className="aspect-[1200/630] w-full animate-pulse bg-slate-200" />
      <div className="space-y-3 p-5">
        <div className="h-4 w-16 animate-pulse rounded bg-slate-200" />
        <div className="h-5 w-4/5 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
      </div>
    </li>
  );
}

/** The section before its cards' code has arrived: one skeleton per showcase article. */
export function CaseSectionLoading() {
  return (
    <CaseSectionFrame>
      {SHOWCASE_CASES.map((showcase) => (
        <CaseCardSkeleton key={showcase.articleId} />
      ))}
    </CaseSectionFrame>
  );
}
