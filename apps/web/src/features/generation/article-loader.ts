import { nonEmpty } from './start-outcome';
import type { TimerSlots } from './timer-slots';
import { errorPatch } from './tracker-state';
import { TRACKING_TEXT, TRACKING_TIMING } from './tracking-texts';
import type { ArticleMeta, ArticleResponse, ProgressDetails, TrackerDeps, TrackerState } from './tracking-types';

/** The article after completion (content-creation §4): fetch by id, the 5 s wait, the fetch rules. */

export interface ArticleLoaderHost {
  deps: Pick<TrackerDeps, 'fetchArticle' | 'toast'>;
  timers: TimerSlots;
  getState(): TrackerState;
  patch(next: Partial<TrackerState>): void;
  /** The run counter: an answer for an older run is dropped. */
  epoch(): number;
}

export interface ArticleLoader {
  /** Status just became completed with these details. */
  onCompleted(details: ProgressDetails | null): void;
  load(articleId: string): Promise<void>;
}

export function createArticleLoader(host: ArticleLoaderHost): ArticleLoader {
  const { deps, timers, getState, patch } = host;

  async function load(articleId: string) {
    const at = host.epoch();
    patch({ isLoading: true });
    let message: string;
    try {
      const answer = await deps.fetchArticle(articleId, 'md');
      if (at !== host.epoch()) return;
      if (Number(answer?.code) === 0 && answer?.status === 'success') {
        const id = nonEmpty(answer.article_id) ?? articleId;
        patch({
          article: answer.content ?? '',
          articleMeta: readArticleMeta(answer),
          articleId: id,
          status: 'completed',
          error: null,
          isLoading: false,
        });
        return;
      }
      message = nonEmpty(answer?.error) ?? nonEmpty(answer?.message) ?? TRACKING_TEXT.articleFailed;
    } catch (error) {
      if (at !== host.epoch()) return;
      message = (error instanceof Error && nonEmpty(error.message)) || TRACKING_TEXT.articleCrashed;
    }
    deps.toast('error', message);
    patch({ ...errorPatch(getState(), message), isLoading: false });
  }

  function onCompleted(details: ProgressDetails | null) {
    const content = nonEmpty(details?.content);
    if (content) {
      patch({ article: content, articleMeta: null });
      return;
    }
    const known = getState().articleId;
    if (known) {
      void load(known);
      return;
    }
    const at = host.epoch();
    timers.schedule('contentWait', TRACKING_TIMING.contentWaitMs, () => {
      const state = getState();
      if (at !== host.epoch() || state.article) return;
      const id = state.articleId ?? nonEmpty(state.details?.article_id);
      if (id) void load(id);
      else patch(errorPatch(state, TRACKING_TEXT.noContent));
    });
  }

  return { onCompleted, load };
}

/** The metadata fields of a fetch answer (API.md additions); missing or malformed fields are left out. */
export function readArticleMeta(answer: ArticleResponse): ArticleMeta {
  const meta: ArticleMeta = { offline: answer.offline === true };
  const title = nonEmpty(answer.title);
  if (title) meta.title = title;
  if (typeof answer.word_count === 'number' && Number.isFinite(answer.word_count) && answer.word_count >= 0) {
    meta.wordCount = answer.word_count;
  }
  const createdAt = nonEmpty(answer.created_at);
  if (createdAt && !Number.isNaN(Date.parse(createdAt))) meta.createdAt = createdAt;
  return meta;
}
