import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';

/** The orange banner over the form while a business limit blocks generation (spec §2). */
/** `topUp`: the limit is a short balance, so the banner links to /pricing (decision 053). */
export function BusinessLimitBanner({ message, topUp = false }: { message: string | null; topUp?: boolean }) {
  return (
    <div data-testid="business-limit-banner" role="alert" className="flex gap-3 rounded-xl border border-orange-200 bg-orange-50 p-4 text-orange-800">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-orange-500" />
      <div className="min-w-0 text-sm">
        <p className="font-semibold">业务限制提醒</p>
        {message && <p className="mt-1 break-words">{message}</p>}
        {topUp && (
          <p className="mt-1">
            <Link to="/pricing" className="font-semibold text-indigo-600 underline-offset-2 hover:underline">
              去充值
            </Link>
          </p>
        )}
        <p className="mt-1 text-orange-700">请检查您的账户状态（余额、会员权益），或联系客服获取帮助。</p>
      </div>
    </div>
  );
}
