import type { Option } from '@tianma/shared';
import { TextField } from '../../../components/account/TextField';
import { SelectField } from './SelectField';

interface CustomizableSelectProps<V extends string> {
  label: string;
  value: V;
  options: readonly Option<V>[];
  onChange: (value: V) => void;
  custom: string;
  onCustomChange: (value: string) => void;
  customLabel: string;
  customPlaceholder: string;
}

/** A select whose 自定义 choice opens a text field for the user's own words (audience, industry). */
export function CustomizableSelect<V extends string>({
  custom,
  onCustomChange,
  customLabel,
  customPlaceholder,
  ...select
}: CustomizableSelectProps<V>) {
  return (
    <div className="space-y-3">
      <SelectField {...select} />
      {select.value === 'custom' && (
        <TextField label={customLabel} value={custom} onChange={onCustomChange} placeholder={customPlaceholder} maxLength={50} />
      )}
    </div>
  );
}
