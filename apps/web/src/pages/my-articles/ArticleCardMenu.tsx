import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis, Globe, Lock, Shuffle, Trash2 } from 'lucide-react';
import { useRef } from 'react';

interface ArticleCardMenuProps {
  onDelete: () => void;
  /** Whether the share link works for others now (an article is public unless turned off). */
  isPublic: boolean;
  onToggleVisibility: () => void;
  /** 一稿多发: opens its dialog once the menu has closed. */
  onRepurpose: () => void;
}

const ITEM = 'flex w-full cursor-default items-center gap-2 px-3 py-2 text-left text-sm outline-none';

/** The ⋯ menu of a card (a Radix dropdown menu). Closes on a choice, Escape or a click elsewhere. */
export function ArticleCardMenu({ onDelete, isPublic, onToggleVisibility, onRepurpose }: ArticleCardMenuProps) {
  // 一稿多发 and 删除 open their dialogs once the menu has closed and focus is back on ⋯, so closing the dialog returns there.
  const afterClose = useRef<(() => void) | null>(null);

  return (
    <div className="absolute top-2 right-2">
      {/* NOTE: modal={false}: a modal menu locks scrolling with an injected <style>, which the CSP refuses. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label="更多操作"
          className="rounded-lg bg-white/90 p-1.5 text-slate-600 shadow-sm backdrop-blur hover:bg-white hover:text-slate-900"
        >
          <Ellipsis aria-hidden="true" className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            aria-label="文章操作"
            align="end"
            sideOffset={4}
            loop
            onCloseAutoFocus={() => {
              const run = afterClose.current;
              afterClose.current = null;
              run?.();
            }}
            className="z-10 w-40 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg outline-none"
          >
            <DropdownMenu.Item onSelect={onToggleVisibility} className={`${ITEM} text-slate-700 data-[highlighted]:bg-slate-50`}>
              {isPublic ? <Lock aria-hidden="true" className="size-4" /> : <Globe aria-hidden="true" className="size-4" />}
              {isPublic ? '关闭公开访问' : '开启公开访问'}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              onSelect={() => {
                afterClose.current = onRepurpose;
              }}
              className={`${ITEM} text-slate-700 data-[highlighted]:bg-slate-50`}
            >
              <Shuffle aria-hidden="true" className="size-4" />
              一稿多发
            </DropdownMenu.Item>
            <DropdownMenu.Item
              onSelect={() => {
                afterClose.current = onDelete;
              }} className={`${ITEM} text-red-600 data-[highlighted]:bg-red-50`}>
              <Trash2 aria-hidden="true" className="size-4" />
              删除
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
