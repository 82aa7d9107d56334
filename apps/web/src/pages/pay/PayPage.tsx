import { payPageRequest } from '@tianma/shared';
import { ScanLine } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PayOrderPanel } from './PayOrderPanel';
import { PayRequestError } from './PayRequestError';

/** /pay?type=100|1100|1800|premium|custom&amount=N: WeChat Native payment by QR code. */
export function PayPage() {
  const [params] = useSearchParams();
  const type = params.get('type');
  const amount = params.get('amount');
  const request = useMemo(() => payPageRequest(type, amount), [type, amount]);

  return (
    <div className="bg-gradient-to-b from-indigo-50 via-white to-slate-50 px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="flex items-center justify-center gap-2 text-2xl font-bold text-slate-900">
          <ScanLine aria-hidden="true" className="size-6 text-emerald-500" />
          微信扫码支付
        </h1>
        <p className="mt-2 text-center text-sm text-slate-500">请使用微信扫一扫，扫描下方二维码完成支付</p>
        <div className="mt-6">
          {'error' in request ? (
            <PayRequestError message={request.error} />
          ) : (
            // A new query means a new order: remount instead of re-running the create guard.
            <PayOrderPanel key={`${request.type}:${request.amountFen}`} request={request} />
          )}
        </div>
      </div>
    </div>
  );
}
