import { useEffect, useState } from 'react';

type QrState = { status: 'loading' } | { status: 'ready'; dataUrl: string } | { status: 'failed' };

export const QR_SIZE = 220;

/** The QR code of `codeUrl`, drawn in the browser; the encoder loads only on this page. */
export function PayQrImage({ codeUrl }: { codeUrl: string }) {
  const [qr, setQr] = useState<QrState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    setQr({ status: 'loading' });
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(codeUrl, { width: QR_SIZE, margin: 1 }))
      .then((dataUrl) => active && setQr({ status: 'ready', dataUrl }))
      .catch(() => active && setQr({ status: 'failed' }));
    return () => {
      active = false;
    };
  }, [codeUrl]);

  if (qr.status === 'ready') return <img src={qr.dataUrl} alt="支付二维码" width={QR_SIZE} height={QR_SIZE} />;
  return <span className="text-sm text-slate-400">{qr.status === 'loading' ? '正在加载二维码...' : '二维码生成失败，请刷新页面重试'}</span>;
}
