import { UserRound } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import {
  CASE_PLACEHOLDER_ALT,
  CASE_PLACEHOLDER_IMAGE,
  type CaseContent,
  caseShareUrl,
  type ShowcaseCase,
} from './case-articles';

const PLATFORM_BADGE: Record<ShowcaseCase['platform'], string> = {
  xiaohongshu: 'bg-rose-50 text-rose-600',
  zhihu: 'bg-blue-50 text-blue-600',
  wechat: 'bg-emerald-50 text-emerald-600',
};

interface CaseCardProps {
  showcase: ShowcaseCase;
  content: CaseContent;
}

export function CaseCard({ showcase, content }: CaseCardProps) {
  const [imageBroken, setImageBroken] = useState(false);
  const url = caseShareUrl(showcase.articleId);
  const usePlaceholder = imageBroken || content.imageUrl === CASE_PLACEHOLDER_IMAGE;

  // NOTE: a real link (middle click, copy address, screen readers) whose plain click goes through
  // window.open with noopener, as docs/decisions/006-case-cards.md explains.
  const openInNewTab = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.open(url, '_blank', 'noopener,noreferrer');
  };

  return (
    <li>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        onClick={openInNewTab}
        className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
      >
        <img
          src={usePlaceholder ? CASE_PLACEHOLDER_IMAGE : content.imageUrl}
          alt={usePlaceholder ? CASE_PLACEHOLDER_ALT : ''}
          onError={() => setImageBroken(true)}
          loading="lazy"
          className="aspect-[1200/630] w-full bg-slate-100 object-cover"
        />
        <div className="flex flex-1 flex-col p-5">
          <span className={`self-start rounded-md px-2 py-0.5 text-xs font-medium ${PLATFORM_BADGE[showcase.platform]}`}>
            {showcase.platformLabel}
          </span>
          <h3 className="mt-3 line-clamp-2 font-semibold text-slate-900 group-hover:text-indigo-700">{content.title}</h3>
          <p className="mt-2 line-clamp-3 text-sm text-slate-500">{content.excerpt}</p>
          <p className="mt-auto flex items-center gap-1.5 pt-4 text-xs text-slate-400">
            <UserRound aria-hidden="true" className="size-3.5" />
            {showcase.author}
          </p>
        </div>
      </a>
    </li>
  );
}
