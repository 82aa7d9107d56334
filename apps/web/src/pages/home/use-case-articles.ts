import { SHOWCASE_CASES } from '@tianma/shared';
import { useEffect, useState } from 'react';
import { isAbort } from '../../lib/api';
import {
  type CaseContent,
  caseErrorMessage,
  defaultCaseContent,
  fetchCaseContent,
  type ShowcaseCase,
} from './case-articles';

export type CaseCardState =
  | { status: 'loading' }
  | { status: 'ready'; content: CaseContent }
  | { status: 'failed'; content: CaseContent; error: string };

export interface CaseCardModel {
  showcase: ShowcaseCase;
  state: CaseCardState;
}

/** Loads the four showcase articles in parallel; each card settles on its own. */
export function useCaseArticles(): { cards: CaseCardModel[]; firstError: string | null } {
  const [states, setStates] = useState<Record<string, CaseCardState>>({});

  useEffect(() => {
    const controller = new AbortController();
    const settle = (articleId: string, state: CaseCardState) =>
      setStates((current) => ({ ...current, [articleId]: state }));

    for (const showcase of SHOWCASE_CASES) {
      fetchCaseContent(showcase.articleId, controller.signal).then(
        (content) => settle(showcase.articleId, { status: 'ready', content }),
        (error: unknown) => {
          if (isAbort(error) || controller.signal.aborted) return;
          const content = defaultCaseContent(showcase);
          settle(showcase.articleId, { status: 'failed', content, error: caseErrorMessage(error) });
        },
      );
    }
    return () => controller.abort();
  }, []);

  const cards = SHOWCASE_CASES.map((showcase) => ({
    showcase,
    state: states[showcase.articleId] ?? { status: 'loading' as const },
  }));
  // The first failure in showcase order, so the notice does not depend on which reply came first.
  const failed = cards.find((card) => card.state.status === 'failed')?.state;
  return { cards, firstError: failed?.status === 'failed' ? failed.error : null };
}
