import { WRITING_STYLES, type WritingStyle } from '@tianma/shared';
import { BookOpen, Brain, Flower2, GraduationCap, Lightbulb, type LucideIcon, Smile, Zap } from 'lucide-react';
import { SelectField } from './SelectField';

/** One icon per writing style; the select shows the chosen one. */
export const STYLE_ICONS: Record<WritingStyle, LucideIcon> = {
  professional_logical: Brain,
  efficient_concise: Zap,
  colloquial_fun: Smile,
  sincere_narrative: BookOpen,
  authoritative_expert: GraduationCap,
  vivid_experience: Flower2,
  accessible_easyread: Lightbulb,
};

export function StyleSelect({ value, onChange }: { value: WritingStyle; onChange: (value: WritingStyle) => void }) {
  const Icon = STYLE_ICONS[value];
  return (
    <SelectField label="写作风格" value={value} options={WRITING_STYLES} onChange={onChange} icon={<Icon aria-hidden="true" className="size-4" />} />
  );
}
