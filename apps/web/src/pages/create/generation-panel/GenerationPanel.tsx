import type { JSX } from 'react';
import { isRunningStatus } from '../../../features/generation/progress-display';
import { TRACKING_TEXT } from '../../../features/generation/tracking-texts';
import type { TrackerState } from '../../../features/generation/tracking-types';
import { ArticlePreview } from './ArticlePreview';
import { DraftPreview } from './DraftPreview';
import { IdleState } from './IdleState';
import { ProgressPanel } from './ProgressPanel';
import { BusinessLimitCard, FailureCard, FetchingCard, MissingContentCard, TimeoutCard } from './status-cards';

export interface GenerationPanelProps {
  state: TrackerState;
  /** Which step list (10 or 13 steps). */
  advanced: boolean;
  onRegenerate(): void;
  onRefetch(): void;
  /** The error and empty cards' 返回: back to the idle form. */
  onBack(): void;
  /** The timeout card: switch to the my-articles tab. */
  onShowMyArticles(): void;
}

/** The right-hand panel of the creation page: what the tracker's state shows (content-creation §2). */
export function GenerationPanel(props: GenerationPanelProps): JSX.Element {
  const { state, advanced, onRegenerate, onRefetch, onBack, onShowMyArticles } = props;
  const { status } = state;

  if (status === 'completed') {
    if (state.article?.trim()) return <ArticlePreview article={state.article} articleId={state.articleId} meta={state.articleMeta} />;
    if (state.isLoading) return <FetchingCard />;
    return <MissingContentCard onRefetch={onRefetch} onRegenerate={onRegenerate} onBack={onBack} />;
  }
  if (status === 'error') {
    if (state.businessLimit) return <BusinessLimitCard message={state.error} />;
    if (state.timedOut || state.error?.includes(TRACKING_TEXT.timeoutKeyword)) {
      return <TimeoutCard message={state.error} onShowMyArticles={onShowMyArticles} />;
    }
    return <FailureCard message={state.error} onRegenerate={onRegenerate} onBack={onBack} />;
  }
  if (isRunningStatus(status)) {
    return (
      <>
        <ProgressPanel status={status} details={state.details} notice={state.notice} advanced={advanced} />
        {state.draft && <DraftPreview draft={state.draft} />}
      </>
    );
  }
  return <IdleState />;
}
