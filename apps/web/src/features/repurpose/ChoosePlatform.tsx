import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { BusinessLimitBanner } from '../../pages/create/BusinessLimitBanner';
import { PriceAndBalance } from '../../pages/create/PriceAndBalance';
import { PLATFORMS, type RepurposePlatform } from './platforms';
import type { Repurpose } from './use-repurpose';
import { useRepurposeQuote } from './use-repurpose-quote';

/** The four platform cards, the price and balance, and the reason a start was refused. */
export function ChoosePlatform({ run, onClose }: { run: Repurpose; onClose: () => void }) {
  const quote = useRepurposeQuote();
  const [chosen, setChosen] = useState<RepurposePlatform | null>(run.platform);
  const { state } = run;
  const starting = state.isLoading;
  const refusal = state.status === 'error' ? state.error : null;

  return (
    <div className="space-y-4">
      {refusal &&
        (state.businessLimit || run.shortBalance ? (
          <BusinessLimitBanner message={refusal} topUp={run.shortBalance} />
        ) : (
          <p role="alert" data-testid="repurpose-error" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm break-words text-red-700">
            {refusal}
          </p>
        ))}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">选择要生成的版本</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {PLATFORMS.map((platform) => (
            <label
              key={platform.value}
              data-testid={`repurpose-platform-${platform.value}`}
              className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-3 transition hover:border-indigo-300 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500"
            >
              <input
                type="radio"
                name="repurpose-platform"
                value={platform.value}
                checked={chosen === platform.value}
                onChange={() => setChosen(platform.value)}
                disabled={starting}
                className="mt-1 size-4 shrink-0 accent-indigo-600 outline-none"
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="font-semibold text-slate-900">{platform.label}</span>
                  <span data-testid="repurpose-price" className="shrink-0 text-xs font-medium text-amber-700">
                    {quote.coins} 币
                  </span>
                </span>
                <span className="mt-1 block text-xs leading-relaxed text-slate-500">{platform.produces}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <PriceAndBalance quote={quote} />
      <p className="text-xs text-slate-400">按已保存的内容改写；生成失败或取消会全额退回。</p>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onClose} className={buttonClass('secondary')}>
          取消
        </button>
        <button
          type="button"
          data-testid="repurpose-start"
          disabled={!chosen || starting || !quote.enough}
          onClick={() => chosen && void run.start(chosen)}
          className={buttonClass('primary')}
        >
          <Sparkles aria-hidden="true" className="size-4" />
          {starting ? '正在提交...' : '开始生成'}
        </button>
      </div>
    </div>
  );
}
