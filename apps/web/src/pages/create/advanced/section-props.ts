import type { AdvancedFormValues } from '../form-values';

/** What every advanced section gets: the whole form's values and a way to change some of them. */
export interface SectionProps {
  values: AdvancedFormValues;
  onChange: (patch: Partial<AdvancedFormValues>) => void;
}
