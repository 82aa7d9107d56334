import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { INPUT_CLASS, LABEL_CLASS } from './form-styles';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'onBlur' | 'value'>;

/** A controlled value whose onChange receives the text, or react-hook-form's `register(name)` (an uncontrolled input). */
type Binding = { value: string; onChange: (value: string) => void; ref?: Ref<HTMLInputElement> } | (UseFormRegisterReturn & { value?: never });

type TextFieldProps = InputProps &
  Binding & {
    label: ReactNode;
    /** Shown right of the input, e.g. the get-code button. */
    addon?: ReactNode;
  };

/** A labelled text input; the label is always a real <label>. */
export function TextField({ label, addon, type = 'text', ...input }: TextFieldProps) {
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
          // min-w-0 lets the input shrink beside an addon on narrow screens.
          className={`${INPUT_CLASS} min-w-0`}
          {...inputBinding(input)}
        />
        {addon}
      </div>
    </div>
  );
}

function inputBinding(input: InputProps & Binding): InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> } {
  if (input.value === undefined) return input;
  const { onChange, ...rest } = input;
  return { ...rest, onChange: (event) => onChange(event.target.value) };
}
