import { passwordStrength } from '@tianma/shared';

const BAR_COLOURS = { weak: 'bg-rose-500', medium: 'bg-amber-500', strong: 'bg-emerald-500' } as const;
const TEXT_COLOURS = { weak: 'text-rose-600', medium: 'text-amber-700', strong: 'text-emerald-700' } as const;

/**
 * The strength of a new password on reset and profile, where the spec makes it advice (accounts
 * §5): shown while something is typed, never blocking the submit. Only the length is a hard rule.
 */
export function PasswordStrength({ password }: { password: string }) {
  if (!password) return null;
  const { score, level, label } = passwordStrength(password);
  return (
    <div className="mt-2 flex items-center gap-2 text-xs">
      <meter className="sr-only" aria-label="密码强度" min={0} max={4} value={score} aria-valuetext={label} />
      <div aria-hidden="true" className="flex w-24 shrink-0 gap-1">
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={`h-1.5 flex-1 rounded-full ${step <= score ? BAR_COLOURS[level] : 'bg-slate-200'}`} />
        ))}
      </div>
      <span className={TEXT_COLOURS[level]}>密码强度：{label}</span>
      {level !== 'strong' && <span className="text-slate-500">仅为建议，不影响提交</span>}
    </div>
  );
}
