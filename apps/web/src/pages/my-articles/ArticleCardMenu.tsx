import { Ellipsis, Globe, Lock, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

interface ArticleCardMenuProps {
  onDelete: () => void;
  /** Whether the share link works for others now (an article is public unless turned off). */
  isPublic: boolean;
  onToggleVisibility: () => void;
}

/** The ⋯ menu of a card. Closes on a choice, Escape or a click elsewhere. */
export function ArticleCardMenu({ onDelete, isPublic, onToggleVisibility }: ArticleCardMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const firstItemRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    firstItemRef.current?.focus();
    const closeOutside = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="absolute top-2 right-2">
      <button
        type="button"
        aria-label="更多操作"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="rounded-lg bg-white/90 p-1.5 text-slate-600 shadow-sm backdrop-blur hover:bg-white hover:text-slate-900"
      >
        <Ellipsis aria-hidden="true" className="size-4" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="文章操作"
          className="absolute right-0 z-10 mt-1 w-40 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <button
            ref={firstItemRef}
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              onToggleVisibility();
            }}
            className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-50"
          >
            {isPublic ? <Lock aria-hidden="true" className="size-4" /> : <Globe aria-hidden="true" className="size-4" />}
            {isPublic ? '关闭公开访问' : '开启公开访问'}
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              onDelete();
            }}
            className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm text-red-600 hover:bg-red-50"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            删除
          </button>
        </div>
      )}
    </div>
  );
}
