import type { PreviousVersions } from '@tianma/shared';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { editorUrl } from '../../lib/editor-link';

/** The note's sentence, with this article's price from the quote (decision 057). */
export function previousVersionsText(previous: PreviousVersions, coins: number): { before: string; after: string } {
  return {
    before: `你写过这个主题（${previous.count} 篇）。再次生成会写出一篇新的文章，另扣 ${coins} 币；之前的版本仍在`,
    after: '里。',
  };
}

/**
 * Before the user pays for a topic they already wrote on: another run writes a new version and is
 * charged again, and the earlier ones stay in my articles (issue 17 point 5, decision 057).
 */
export function PreviousVersionsNote({ previous, coins }: { previous: PreviousVersions; coins: number }) {
  const { user } = useAuth();
  const text = previousVersionsText(previous, coins);
  const latestTitle = previous.latest.title.trim();
  return (
    <p data-testid="previous-versions" className="flex gap-1.5 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sky-900">
      <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-600" />
      <span className="min-w-0 break-words">
        {text.before}“
        <Link to="/my-articles" className="font-medium text-indigo-600 underline-offset-2 hover:underline">
          我的文章
        </Link>
        ”{text.after}
        {user && (
          <a
            data-testid="previous-version-link"
            href={editorUrl(previous.latest.articleId, user.deepspaceId)}
            target="_blank"
            rel="noopener noreferrer"
            title={latestTitle || undefined}
            className="ml-1 font-semibold text-indigo-600 underline-offset-2 hover:underline"
          >
            打开最近一版
          </a>
        )}
      </span>
    </p>
  );
}
