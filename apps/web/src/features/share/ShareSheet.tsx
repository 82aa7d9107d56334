import { Aperture, Link2, MessageCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useToast } from '../../components/toast/toast-context';
import { type CopyPurpose, copyLink } from './copy-link';

interface ShareSheetProps {
  link: string;
  onClose: () => void;
}

/**
 * The mobile fallback (spec §2 Share) when the native share sheet is missing or failed:
 * 微信好友, 朋友圈 and 复制链接. It only opens outside WeChat (inside, the ⋯ menu shares), so
 * 微信好友 and 朋友圈 copy the link and say where to paste it (docs/decisions/034-share-flow.md).
 */
export function ShareSheet({ link, onClose }: ShareSheetProps) {
  const toast = useToast();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    panelRef.current?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, []);

  const choose = (purpose: CopyPurpose) => async () => {
    await copyLink(link, toast, purpose);
    onClose();
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center">
      <div aria-hidden="true" data-testid="share-sheet-backdrop" className="absolute inset-0 bg-slate-900/50" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="分享到"
        tabIndex={-1}
        data-testid="share-sheet"
        className="relative w-full max-w-lg rounded-t-2xl bg-white px-4 pt-5 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-xl outline-none"
      >
        <h2 className="text-center text-base font-semibold text-slate-900">分享到</h2>
        <div className="mt-5 grid grid-cols-3 gap-2">
          <SheetItem label="微信好友" onClick={choose('wechat-friend')} tone="bg-emerald-500">
            <MessageCircle aria-hidden="true" className="size-6" />
          </SheetItem>
          <SheetItem label="朋友圈" onClick={choose('wechat-moments')} tone="bg-lime-500">
            <Aperture aria-hidden="true" className="size-6" />
          </SheetItem>
          <SheetItem label="复制链接" onClick={choose('link')} tone="bg-indigo-500">
            <Link2 aria-hidden="true" className="size-6" />
          </SheetItem>
        </div>
        <button type="button" onClick={onClose} className="mt-5 w-full rounded-xl bg-slate-100 py-3 text-sm font-medium text-slate-700 hover:bg-slate-200">
          取消
        </button>
      </div>
    </div>,
    document.body,
  );
}

function SheetItem({ label, tone, onClick, children }: { label: string; tone: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className="flex min-w-0 flex-col items-center gap-2 rounded-xl py-2 text-sm text-slate-700 hover:bg-slate-50">
      <span className={`flex size-12 items-center justify-center rounded-full text-white ${tone}`}>{children}</span>
      {label}
    </button>
  );
}
