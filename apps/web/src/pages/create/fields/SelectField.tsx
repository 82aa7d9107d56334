import type { Option } from '@tianma/shared';
import { type ReactNode, useId } from 'react';
import { INPUT_CLASS, LABEL_CLASS } from '../../../components/account/form-styles';

interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  options: readonly Option<V>[];
  onChange: (value: V) => void;
  /** Drawn inside the select's left edge (the writing style's icon). */
  icon?: ReactNode;
}

/** A labelled native select: keyboard, screen readers and mobile pickers come for free. */
export function SelectField<V extends string>({ label, value, options, onChange, icon }: SelectFieldProps<V>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <div className="relative mt-1.5">
        {icon && <span className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-indigo-500">{icon}</span>}
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value as V)}
          className={`${INPUT_CLASS} ${icon ? 'pl-10' : ''}`}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
