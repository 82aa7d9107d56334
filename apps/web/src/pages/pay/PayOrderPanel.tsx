import type { PayPageRequest } from '@tianma/shared';
import { PayOrderSummary } from './PayOrderSummary';
import { PayQrBox } from './PayQrBox';
import { SandboxHint } from './SandboxHint';
import { sandboxHref } from './sandbox-link';
import { usePayOrder } from './use-pay-order';

/** One order of the payment page: its QR code, its figures and, in the sandbox, a local link. */
export function PayOrderPanel({ request }: { request: PayPageRequest }) {
  const { state, reorder } = usePayOrder(request);
  const order = state.phase === 'pending' || state.phase === 'paid' || state.phase === 'closed' ? state.order : null;
  const sandbox = state.phase === 'pending' ? sandboxHref(state.order.codeUrl) : null;

  return (
    <div className="space-y-6">
      <PayQrBox state={state} onReorder={reorder} />
      <PayOrderSummary request={request} order={order} />
      {sandbox && <SandboxHint href={sandbox} />}
      <p className="text-center text-xs text-slate-500">系统将自动检测支付状态，支付完成后页面会自动跳转</p>
    </div>
  );
}
