import { Eye, EyeOff } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { INPUT_CLASS, LABEL_CLASS } from './form-styles';
import { PasswordRules } from './PasswordRules';

interface PasswordFieldProps extends UseFormRegisterReturn {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  placeholder?: string;
  /** Unmet password rules, listed under the field when there are any (advisory); pass them only while something is typed. */
  issues?: readonly string[];
  /** Extra content under the field. */
  children?: ReactNode;
}

/**
 * A password input with a show/hide toggle and, optionally, the live list of unmet rules. Takes
 * react-hook-form's `register(name)`.
 */
export function PasswordField({ label, autoComplete, placeholder, issues = [], children, ...registration }: PasswordFieldProps) {
  const id = useId();
  const rulesId = useId();
  const [visible, setVisible] = useState(false);
  const showRules = issues.length > 0;

  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          {...registration}
          autoComplete={autoComplete}
          placeholder={placeholder}
          aria-describedby={showRules ? rulesId : undefined}
          className={`${INPUT_CLASS} pr-11`}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? '隐藏密码' : '显示密码'}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-slate-400 hover:text-slate-600"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      </div>
      {showRules && <PasswordRules id={rulesId} issues={issues} />}
      {children}
    </div>
  );
}
