import { COIN_PACKS, COIN_VALUE_YUAN, packCoins } from '@tianma/shared';
import { Coins, SlidersHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import { useGatedHref } from '../../auth/use-gated-href';
import { buttonClass } from '../../components/ui/button-styles';
import { SectionHeading } from '../../components/ui/SectionHeading';

const CARD = 'flex flex-col rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200';

export function CoinTopupSection({ onCustomTopup }: { onCustomTopup: () => void }) {
  const gated = useGatedHref();
  return (
    <section aria-labelledby="coin-topup" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="coin-topup" title="金币充值" subtitle={`1 币 = ${COIN_VALUE_YUAN} 元，金币永久有效，充得越多赠送越多`} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {COIN_PACKS.map((pack) => (
            <li key={pack.id} className={CARD}>
              <Coins aria-hidden="true" className="mx-auto size-8 text-amber-500" />
              <h3 className="mt-3 text-2xl font-bold text-slate-900">{packCoins(pack)} 币</h3>
              <p className="mt-1 h-5 text-xs text-emerald-600">
                {pack.bonusCoins > 0 ? `（${pack.baseCoins}+${pack.bonusCoins} 赠送）` : ''}
              </p>
              <p className="mt-3 text-3xl font-bold text-indigo-600">¥{pack.amountFen / 100}</p>
              <p className="mt-1 flex-1 text-sm text-slate-500">{pack.articlesLabel}</p>
              <Link to={gated(`/pay?type=${pack.id}`)} className={buttonClass('primary', 'mt-6 w-full')}>
                立即充值
              </Link>
            </li>
          ))}
          <li className={`${CARD} border-2 border-dashed border-indigo-200 ring-0`}>
            <SlidersHorizontal aria-hidden="true" className="mx-auto size-8 text-indigo-500" />
            <h3 className="mt-3 text-2xl font-bold text-slate-900">自定义充值</h3>
            <p className="mt-4 flex-1 text-sm text-slate-500">按需充值任意 100 的整数倍金币，超过 500 币即享赠送。</p>
            <button type="button" onClick={onCustomTopup} className={buttonClass('secondary', 'mt-6 w-full')}>
              自定义充值
            </button>
          </li>
        </ul>
      </div>
    </section>
  );
}
