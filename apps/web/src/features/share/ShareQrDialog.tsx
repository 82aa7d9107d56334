import { Copy, Globe, LoaderCircle, Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { Modal } from '../../components/ui/Modal';
import { buttonClass } from '../../components/ui/button-styles';
import { copyLink } from './copy-link';

/** Spec §9: the QR code of the share dialog is 200 px. */
export const SHARE_QR_SIZE = 200;
export const PRIVATE_NOTICE_TEXT = '该文章未公开，其他人打开链接将看到“未找到文章”';

type QrState = { status: 'loading' } | { status: 'ready'; dataUrl: string } | { status: 'failed' };

function ShareQrImage({ link }: { link: string }) {
  const [qr, setQr] = useState<QrState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    setQr({ status: 'loading' });
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(link, { width: SHARE_QR_SIZE, margin: 1 }))
      .then((dataUrl) => active && setQr({ status: 'ready', dataUrl }))
      .catch(() => active && setQr({ status: 'failed' }));
    return () => {
      active = false;
    };
  }, [link]);

  return (
    <div className="flex size-[200px] items-center justify-center rounded-lg border border-slate-200 bg-white">
      {qr.status === 'ready' ? (
        <img data-testid="share-qr-image" src={qr.dataUrl} alt="文章链接二维码" width={SHARE_QR_SIZE} height={SHARE_QR_SIZE} />
      ) : (
        <span className="px-4 text-center text-sm text-slate-400">{qr.status === 'loading' ? '正在生成二维码...' : '二维码生成失败，请复制链接分享'}</span>
      )}
    </div>
  );
}

interface ShareQrDialogProps {
  link: string;
  onClose: () => void;
  /** false: the link shows 未找到文章 to others; the dialog says so. */
  isPublic?: boolean;
  /** Turns public access on (the caller toasts the server's answer). */
  onMakePublic?: () => Promise<void> | void;
}

/** Desktop sharing (spec §2 Share): the link's QR code to scan with a phone, and 复制链接. */
export function ShareQrDialog({ link, onClose, isPublic, onMakePublic }: ShareQrDialogProps) {
  const toast = useToast();
  const [turningOn, setTurningOn] = useState(false);
  const isPrivate = isPublic === false;

  const makePublic = async () => {
    if (!onMakePublic) return;
    setTurningOn(true);
    try {
      await onMakePublic();
    } finally {
      setTurningOn(false);
    }
  };

  return (
    <Modal label="分享文章" onClose={onClose}>
      <div data-testid="share-qr-dialog" className="flex min-w-0 flex-col items-center gap-4">
        {isPrivate && (
          <div data-testid="share-private-notice" className="w-full rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800">
            <p className="flex items-start gap-2">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="min-w-0 break-words">{PRIVATE_NOTICE_TEXT}</span>
            </p>
            {onMakePublic && (
              <button type="button" onClick={makePublic} disabled={turningOn} className={buttonClass('secondary', 'mt-3 w-full px-3 py-2')}>
                {turningOn ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Globe aria-hidden="true" className="size-4" />}
                {turningOn ? '开启中...' : '开启公开访问'}
              </button>
            )}
          </div>
        )}
        <ShareQrImage link={link} />
        <p className="text-sm text-slate-500">微信扫一扫，在手机上打开</p>
        {/* Text, not an input: the dialog would focus an input, and a phone would raise its keyboard. */}
        <p
          data-testid="share-link"
          className="w-full min-w-0 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-xs break-all text-slate-600 select-all"
        >
          {link}
        </p>
        <button type="button" data-testid="share-copy-link" onClick={() => copyLink(link, toast)} className={buttonClass('primary', 'w-full')}>
          <Copy aria-hidden="true" className="size-4" />
          复制链接
        </button>
      </div>
    </Modal>
  );
}
