import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { fetchPublications, publishKeys } from './publish-api';
import { statusLineText } from './publish-text';
import { usePublicationPoll } from './use-publication-poll';

const TONE = {
  queued: 'text-amber-700 bg-amber-50 border-amber-200',
  submitted: 'text-amber-700 bg-amber-50 border-amber-200',
  draft_created: 'text-emerald-700 bg-emerald-50 border-emerald-200',
  published: 'text-emerald-700 bg-emerald-50 border-emerald-200',
  failed: 'text-red-700 bg-red-50 border-red-200',
} as const;

interface PublishStatusLineProps {
  articleId: string;
  /** Opens the 公众号排版 dialog on its 存入草稿箱 panel. */
  onOpen: () => void;
  onPreload?: () => void;
  /** Whether to follow a publication WeChat is still publishing (not while the dialog does it). */
  poll?: boolean;
}

/**
 * The article's latest publication to an official account, for the editor's toolbar: nothing
 * until there is one (or when it cannot be read: this line is not worth an error).
 */
export function PublishStatusLine({ articleId, onOpen, onPreload, poll = true }: PublishStatusLineProps) {
  const queryClient = useQueryClient();
  const key = publishKeys.publications(articleId);
  const { data } = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchPublications(articleId, signal) });
  const latest = data?.[0];
  usePublicationPoll(poll ? (latest ?? null) : null, (next) => {
    if (next.state !== 'submitted') void queryClient.invalidateQueries({ queryKey: key });
  });
  if (!latest) return null;
  return (
    <button
      type="button"
      data-testid="editor-wechat-status"
      data-state={latest.state}
      aria-haspopup="dialog"
      title="查看或再次存入公众号草稿箱"
      onClick={onOpen}
      onPointerEnter={onPreload}
      onFocus={onPreload}
      className={`mb-2 flex w-fit max-w-full items-center gap-1.5 truncate rounded-full border px-3 py-1 text-xs font-medium hover:underline focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none ${TONE[latest.state]}`}
    >
      <Send aria-hidden="true" className="size-3.5 shrink-0" />
      {statusLineText(latest)}
    </button>
  );
}
