import type { Quote } from '@tianma/shared';
import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { PreviousVersionsNote } from './PreviousVersionsNote';
import { shortBalanceMessage } from './use-quote';

/**
 * Beside the submit button: what this article costs and what the user has (decision 053); when the
 * balance is short, the refusal and the way to top up; when the user already wrote on this topic,
 * that another run is a new version, charged again (decision 057).
 */
export function PriceAndBalance({ quote }: { quote: Quote | null }) {
  if (!quote) return null;
  return (
    <div data-testid="price-and-balance" className="space-y-1 text-sm">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
        <span className="inline-flex items-center gap-1">
          <Coins aria-hidden="true" className="size-4 text-amber-500" />
          本篇消耗 <strong data-testid="article-price" className="font-semibold text-slate-900">{quote.coins}</strong> 币
        </span>
        <span>
          当前余额 <strong data-testid="coin-balance" className="font-semibold text-slate-900">{quote.balance}</strong> 币
        </span>
      </p>
      {quote.previous && <PreviousVersionsNote previous={quote.previous} coins={quote.coins} />}
      {!quote.enough && (
        <p data-testid="short-balance" role="alert" className="text-red-600">
          {shortBalanceMessage(quote)}
          <Link to="/pricing" className="ml-1 font-semibold text-indigo-600 underline-offset-2 hover:underline">
            去充值
          </Link>
        </p>
      )}
    </div>
  );
}
