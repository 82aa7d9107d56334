import type { User } from '@tianma/shared';

/** A date as the zh-CN locale writes it, e.g. 2025/6/1; an unreadable value is left out. */
function zhDate(iso: string | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString('zh-CN');
}

/** Coin balance, level and (when set) the Pro expiry. */
export function ProfileStats({ user }: { user: User }) {
  const expiry = zhDate(user.userAuth.subscriptionExpiry);
  const items = [
    { label: '账户余额(币)', value: user.userAuth.coinBalance.toLocaleString('zh-CN') },
    { label: '用户等级', value: `Lv.${user.userAuth.level}` },
    ...(expiry ? [{ label: '会员到期', value: expiry }] : []),
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl bg-slate-50 px-4 py-3">
          <dt className="text-xs text-slate-500">{item.label}</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
