import { SITE } from '@tianma/shared';
import { useEffect, useState } from 'react';
import { Modal } from '../ui/Modal';

type QrState = { status: 'loading' } | { status: 'ready'; dataUrl: string } | { status: 'failed' };

export function FollowUsPopup({ onClose }: { onClose: () => void }) {
  const [qr, setQr] = useState<QrState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    // Loaded on demand: the QR encoder is only needed once somebody opens this popup.
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(SITE.officialAccountUrl, { width: 220, margin: 1 }))
      .then((dataUrl) => active && setQr({ status: 'ready', dataUrl }))
      .catch(() => active && setQr({ status: 'failed' }));
    return () => {
      active = false;
    };
  }, []);

  return (
    <Modal label="关注我们" onClose={onClose}>
      <div className="flex flex-col items-center text-center">
        <div className="flex size-[220px] items-center justify-center rounded-xl border border-slate-200 bg-white">
          {qr.status === 'ready' && <img src={qr.dataUrl} alt="公众号二维码" width={220} height={220} />}
          {qr.status === 'loading' && <span className="text-sm text-slate-400">正在生成二维码...</span>}
          {qr.status === 'failed' && <span className="text-sm text-slate-400">二维码生成失败，请稍后重试</span>}
        </div>
        <p className="mt-4 text-sm text-slate-600">微信扫一扫，关注「{SITE.name}」公众号，获取创作技巧与产品动态。</p>
      </div>
    </Modal>
  );
}
