import { QrCode } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';

export const QR_UNAVAILABLE_TEXT = '微信扫码登录暂未开通，请使用账号、手机或邮箱登录';

/**
 * WeChat QR sign-in has no real flow (spec §2), so the placeholder says so plainly
 * (docs/decisions/010-wechat-qr-placeholder.md).
 */
export function QrLoginPanel() {
  const [shown, setShown] = useState(false);
  if (!shown) {
    return (
      <div className="flex flex-col items-center gap-4 py-6 text-center">
        <QrCode aria-hidden="true" className="size-12 text-slate-300" />
        <button type="button" onClick={() => setShown(true)} className={buttonClass('secondary')}>
          显示登录二维码
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 py-2 text-center">
      <div className="flex size-48 items-center justify-center rounded-2xl border-2 border-dashed border-slate-300 bg-slate-50">
        <QrCode aria-hidden="true" className="size-16 text-slate-300" />
      </div>
      <p role="status" className="max-w-xs text-sm text-slate-600">
        {QR_UNAVAILABLE_TEXT}
      </p>
    </div>
  );
}
