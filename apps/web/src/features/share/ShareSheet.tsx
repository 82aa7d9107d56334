import * as Dialog from '@radix-ui/react-dialog';
import { Aperture, Link2, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { DialogShell } from '../../components/ui/DialogShell';
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

  const choose = (purpose: CopyPurpose) => async () => {
    await copyLink(link, toast, purpose);
    onClose();
  };

  return (
    <DialogShell
      onClose={onClose}
      placement="bottom"
      testId="share-sheet"
      backdropTestId="share-sheet-backdrop"
      className="w-full max-w-lg rounded-t-2xl bg-white px-4 pt-5 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-xl"
    >
      <Dialog.Title className="text-center text-base font-semibold text-slate-900">分享到</Dialog.Title>
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
      <Dialog.Close className="mt-5 w-full rounded-xl bg-slate-100 py-3 text-sm font-medium text-slate-700 hover:bg-slate-200">取消</Dialog.Close>
    </DialogShell>
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
