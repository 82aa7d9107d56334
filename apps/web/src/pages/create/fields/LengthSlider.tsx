import { useId } from 'react';
import { LABEL_CLASS } from '../../../components/account/form-styles';

interface LengthSliderProps {
  value: number;
  onChange: (value: number) => void;
  range: { min: number; max: number; step: number };
}

/** The article length slider with its value and the 字 unit (spec §5). */
export function LengthSlider({ value, onChange, range }: LengthSliderProps) {
  const id = useId();
  return (
    <div>
      <div className="flex items-center justify-between">
        <label htmlFor={id} className={LABEL_CLASS}>
          文章长度
        </label>
        <output htmlFor={id} className="text-sm font-semibold text-indigo-700">
          {value} 字
        </output>
      </div>
      <input
        id={id}
        data-testid="length-slider"
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-valuetext={`${value} 字`}
        className="mt-3 w-full accent-indigo-600"
      />
      <div className="mt-1 flex justify-between text-xs text-slate-400">
        <span>{range.min} 字</span>
        <span>{range.max} 字</span>
      </div>
    </div>
  );
}
