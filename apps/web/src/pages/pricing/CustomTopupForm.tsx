import { zodResolver } from '@hookform/resolvers/zod';
import { customTopupFormSchema, quoteTopup, TOPUP_MAX_COINS, TOPUP_MIN_COINS, TOPUP_STEP_COINS } from '@tianma/shared';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { buttonClass } from '../../components/ui/button-styles';

/** Coins as typed, for the live summary only; validation works on the raw text. */
function coinsForSummary(text: string): number {
  const coins = Math.floor(Number(text));
  return Number.isFinite(coins) && coins > 0 ? coins : 0;
}

/** The body of 自定义充值: the coin amount, a live quote, 取消 and 确认充值. */
export function CustomTopupForm({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  // Checked when submitted; the message stays until the amount changes, and the focus stays put.
  const {
    register,
    handleSubmit,
    control,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm({ reValidateMode: 'onSubmit', shouldFocusError: false, resolver: zodResolver(customTopupFormSchema), defaultValues: { amount: '' } });
  const amount = useWatch({ control, name: 'amount' });
  const error = errors.amount?.message;
  const inputId = useId();
  const errorId = useId();
  const quote = quoteTopup(coinsForSummary(amount));

  // NOTE: the dialog opened while this form was loading and focused its panel; the amount takes the
  // focus, as a dialog's first field does (DialogShell), unless the user has moved it since.
  useEffect(() => {
    if (document.activeElement?.getAttribute('role') === 'dialog') setFocus('amount');
  }, [setFocus]);

  const submit = handleSubmit(({ amount: coins }) => navigate(user ? `/pay?type=custom&amount=${coins}` : '/login'));

  // noValidate: our own messages replace the browser's step/min bubbles.
  return (
    <form noValidate onSubmit={submit}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        充值金币数量
      </label>
      <input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={TOPUP_MIN_COINS}
        max={TOPUP_MAX_COINS}
        step={TOPUP_STEP_COINS}
        placeholder={`最少 ${TOPUP_MIN_COINS} 币，${TOPUP_STEP_COINS} 的整数倍`}
        {...register('amount', { onChange: () => clearErrors('amount') })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="mt-2 w-full rounded-xl border border-slate-300 px-4 py-2.5 text-base outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-100 aria-[invalid=true]:border-red-400"
      />
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
      <dl aria-live="polite" className="mt-5 grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-4 text-center">
        <div>
          <dt className="text-xs text-slate-500">支付金额</dt>
          <dd className="mt-1 font-semibold text-slate-900">¥{quote.priceYuan}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">赠送</dt>
          <dd className="mt-1 font-semibold text-emerald-600">{quote.bonus} 币</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">预计可生成</dt>
          <dd className="mt-1 font-semibold text-slate-900">{quote.articles} 篇</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-slate-500">超过 500 币赠送 10%，1500 币起赠送 20%，金币永久有效。</p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onClose} className={buttonClass('secondary')}>
          取消
        </button>
        <button type="submit" className={buttonClass('primary')}>
          确认充值
        </button>
      </div>
    </form>
  );
}
