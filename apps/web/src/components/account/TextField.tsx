import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { INPUT_CLASS, LABEL_CLASS } from './form-styles';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Shown right of the input, e.g. the get-code button. */
  addon?: ReactNode;
}

/** A labelled text input; the label is always a real <label>. */
export function TextField({ label, value, onChange, addon, type = 'text', ...inputProps }: TextFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          // min-w-0 lets the input shrink beside an addon on narrow screens.
          className={`${INPUT_CLASS} min-w-0`}
          {...inputProps}
        />
        {addon}
      </div>
    </div>
  );
}
