import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { TrackerStatus } from '../../features/generation/tracking-types';
import { queryKeys } from '../../lib/query-keys';
import { sampleUser } from '../../test/fixtures';
import { testQueryClient } from '../../test/render';
import { useFreshAfterGeneration } from './use-fresh-after-generation';

function renderFresh(status: TrackerStatus) {
  const client = testQueryClient();
  client.setQueryData(queryKeys.session, sampleUser());
  client.setQueryData(queryKeys.articles.pages(7), { pages: [], pageParams: [] });
  client.setQueryData(queryKeys.caseArticle('c1'), { title: '案例' });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(({ status }) => useFreshAfterGeneration(status), { wrapper, initialProps: { status } });
  const stale = () => ({
    articles: client.getQueryState(queryKeys.articles.pages(7))?.isInvalidated,
    session: client.getQueryState(queryKeys.session)?.isInvalidated,
    cases: client.getQueryState(queryKeys.caseArticle('c1'))?.isInvalidated,
  });
  return { ...hook, stale };
}

describe('useFreshAfterGeneration', () => {
  it('marks the article list and the session (balance) stale when a followed run completes', () => {
    const { rerender, stale } = renderFresh('idle');
    rerender({ status: 'search_and_extract' });
    rerender({ status: 'generate_article' });
    expect(stale()).toEqual({ articles: false, session: false, cases: false });

    rerender({ status: 'completed' });
    expect(stale()).toEqual({ articles: true, session: true, cases: false });
  });

  it('changes nothing for a finished article shown again after a reload, or a run that failed', () => {
    const restored = renderFresh('idle');
    restored.rerender({ status: 'completed' });
    expect(restored.stale()).toEqual({ articles: false, session: false, cases: false });

    const failed = renderFresh('generate_article');
    failed.rerender({ status: 'error' });
    expect(failed.stale()).toEqual({ articles: false, session: false, cases: false });
  });
});
