import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from './admin-format';
import { NOTE, SMALL_BUTTON } from './admin-table';
import { contentKeys, fetchShowcase, type ShowcaseSlot, sharePath } from './content-api';
import { ShowcaseDialog } from './ShowcaseDialog';

function SlotCard({ slot, onAct }: { slot: ShowcaseSlot; onAct: (mode: 'pick' | 'restore') => void }) {
  const lapsed = slot.pickedArticleId !== null && !slot.showsPick;
  return (
    <li data-testid="showcase-slot" aria-label={`${slot.platformLabel}案例`} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium text-slate-500">{slot.platformLabel}</p>
        {slot.showsPick && slot.pickedArticleId ? (
          <a href={sharePath(slot.pickedArticleId)} target="_blank" rel="noopener noreferrer" className="mt-1 block break-words font-medium text-indigo-700 hover:underline">
            {slot.pickedTitle ?? slot.pickedArticleId}
          </a>
        ) : (
          <p className="mt-1 font-medium text-slate-900">默认案例</p>
        )}
        {lapsed && (
          <p className="mt-2 rounded-lg bg-amber-50 px-2.5 py-1.5 text-xs text-amber-800">
            所选文章「{slot.pickedTitle ?? slot.pickedArticleId}」已设为私密或被隐藏，首页暂时展示默认案例
          </p>
        )}
      </div>
      <div className="flex gap-1.5">
        <button type="button" className={SMALL_BUTTON} onClick={() => onAct('pick')}>
          更换
        </button>
        {slot.pickedArticleId && (
          <button type="button" className={SMALL_BUTTON} onClick={() => onAct('restore')}>
            恢复默认
          </button>
        )}
      </div>
    </li>
  );
}

/** 首页案例: the home page's four case slots, each a user's shared article or its seeded case. */
export function ShowcaseSection() {
  const slots = useQuery({ queryKey: contentKeys.showcase, queryFn: ({ signal }) => fetchShowcase(signal) });
  const [acting, setActing] = useState<{ slot: ShowcaseSlot; mode: 'pick' | 'restore' } | null>(null);

  if (slots.isPending) return <p className={NOTE}>加载中...</p>;
  if (slots.isError)
    return (
      <p role="alert" className={NOTE}>
        {errorMessage(slots.error)}
      </p>
    );
  return (
    <section aria-label="首页案例" className="space-y-3">
      <p className="text-sm text-slate-500">首页展示四篇案例。可换成用户公开的文章，也可随时恢复默认案例。</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {slots.data.map((slot) => (
          <SlotCard key={slot.slot} slot={slot} onAct={(mode) => setActing({ slot, mode })} />
        ))}
      </ul>
      {acting && <ShowcaseDialog slot={acting.slot} mode={acting.mode} onClose={() => setActing(null)} />}
    </section>
  );
}
