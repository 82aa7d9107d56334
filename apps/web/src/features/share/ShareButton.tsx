import { LoaderCircle, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { buttonClass } from '../../components/ui/button-styles';
import type { ShareSource } from './share-content';
import { detectShareEnv, runShareFlow, type SharePhase } from './share-flow';
import { shareLink } from './share-link';
import { ShareQrDialog } from './ShareQrDialog';
import { ShareSheet } from './ShareSheet';
import { configureWeChatShare, isWeChatBrowser } from './wechat-sdk';

interface ShareButtonProps {
  articleId: string | null | undefined;
  /** The markdown, or how to get it (my articles fetch the full text first). */
  markdown: string | null | undefined | (() => Promise<string>);
  imageUrl?: string | null;
  /** false: others would see 未找到文章, so the share dialog says so instead of sharing. */
  isPublic?: boolean;
  onMakePublic?: () => Promise<void> | void;
  /** Set: the button only shows this info toast (sample articles). */
  refuseWith?: string;
  /** 'small' for article cards. */
  size?: 'normal' | 'small';
  className?: string;
}

const SMALL =
  'inline-flex items-center gap-1 rounded-full border border-slate-200 bg-white/95 px-2.5 py-1 text-xs font-medium text-slate-600 shadow-sm hover:border-indigo-300 hover:text-indigo-700 disabled:cursor-not-allowed disabled:opacity-60';

/** Spec §2 Share: 分享 (准备分享 inside WeChat), 准备中... / 分享中... while busy. */
export function shareButtonLabel(phase: SharePhase, inWeChat: boolean): string {
  if (phase === 'preparing') return '准备中...';
  if (phase === 'sharing') return '分享中...';
  return inWeChat ? '准备分享' : '分享';
}

export function ShareButton({ articleId, markdown, imageUrl, isPublic, onMakePublic, refuseWith, size = 'normal', className = '' }: ShareButtonProps) {
  const toast = useToast();
  const [inWeChat] = useState(() => isWeChatBrowser());
  const [phase, setPhase] = useState<SharePhase>('idle');
  const [qrLink, setQrLink] = useState<string | null>(null);
  const [sheetLink, setSheetLink] = useState<string | null>(null);
  const busy = phase !== 'idle';

  const share = async () => {
    if (busy) return;
    if (refuseWith) {
      toast.info(refuseWith);
      return;
    }
    // A private article is not shared blindly: the dialog says what others would see.
    if (isPublic === false && articleId) {
      setQrLink(shareLink(articleId));
      return;
    }
    await runShareFlow(
      async () => ({ articleId, markdown: typeof markdown === 'function' ? await markdown() : markdown, imageUrl }) satisfies ShareSource,
      detectShareEnv(),
      {
        toast,
        configureWeChat: (content) => configureWeChatShare(content),
        nativeShare: (data) => navigator.share(data),
        openQr: (content) => setQrLink(content.link),
        openSheet: (content) => setSheetLink(content.link),
        onPhase: setPhase,
      },
    );
  };

  const Icon = busy ? LoaderCircle : Share2;
  return (
    <>
      <button
        type="button"
        data-testid="share-button"
        onClick={share}
        disabled={busy}
        aria-busy={busy}
        className={`${size === 'small' ? SMALL : buttonClass('secondary', 'px-3 py-2')} ${className}`.trim()}
      >
        <Icon aria-hidden="true" className={`${size === 'small' ? 'size-3.5' : 'size-4'} ${busy ? 'animate-spin' : ''}`.trim()} />
        {shareButtonLabel(phase, inWeChat)}
      </button>
      {qrLink && <ShareQrDialog link={qrLink} isPublic={isPublic} onMakePublic={onMakePublic} onClose={() => setQrLink(null)} />}
      {sheetLink && <ShareSheet link={sheetLink} onClose={() => setSheetLink(null)} />}
    </>
  );
}
