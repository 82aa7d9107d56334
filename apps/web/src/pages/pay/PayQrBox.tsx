import { CircleAlert, CircleCheck, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles';
import { PAY_MESSAGES } from './pay-messages';
import { PayQrImage } from './PayQrImage';
import type { PayState } from './use-pay-order';

function ReorderButton({ onReorder }: { onReorder: () => void }) {
  return (
    <button type="button" onClick={onReorder} className={buttonClass('primary', 'mt-3 px-4 py-2')}>
      <RotateCcw aria-hidden="true" className="size-4" />
      重新下单
    </button>
  );
}

function boxContent(state: PayState, onReorder: () => void): ReactNode {
  switch (state.phase) {
    case 'creating':
      return <span className="text-sm text-slate-400">正在加载二维码...</span>;
    case 'pending':
      return <PayQrImage codeUrl={state.order.codeUrl} />;
    case 'paid':
      return (
        <p className="flex flex-col items-center gap-2 font-medium text-emerald-600">
          <CircleCheck aria-hidden="true" className="size-10" />
          支付成功，正在跳转...
        </p>
      );
    case 'closed':
      return (
        <div className="flex flex-col items-center">
          <p className="font-medium text-slate-700">{PAY_MESSAGES.closed}</p>
          <p className="mt-1 text-xs text-slate-500">二维码已失效，请重新下单</p>
          <ReorderButton onReorder={onReorder} />
        </div>
      );
    case 'failed':
      return (
        <div className="flex flex-col items-center px-3">
          <CircleAlert aria-hidden="true" className="size-8 text-red-500" />
          <p className="mt-2 text-sm text-red-600">{state.failure.message}</p>
          {state.failure.needsLogin ? (
            <Link to="/login" className={buttonClass('primary', 'mt-3 px-4 py-2')}>
              去登录
            </Link>
          ) : (
            <ReorderButton onReorder={onReorder} />
          )}
        </div>
      );
  }
}

/** The 220×220 square: the QR code, or what became of the order instead. */
export function PayQrBox({ state, onReorder }: { state: PayState; onReorder: () => void }) {
  return (
    <div aria-live="polite" className="mx-auto flex size-[220px] items-center justify-center rounded-xl border border-slate-200 bg-white text-center">
      {boxContent(state, onReorder)}
    </div>
  );
}
