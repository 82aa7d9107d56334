import { TextField } from '../../../components/account/TextField';
import { ToggleField } from '../fields/ToggleField';
import type { SeoOptions } from '../form-values';
import { FormSection } from './FormSection';
import type { SectionProps } from './section-props';

const OPTIONS: readonly { key: keyof SeoOptions; label: string }[] = [
  { key: 'optimizePlatform', label: '针对平台优化' },
  { key: 'optimizeTitleAndContent', label: '优化标题和内容' },
];

/** Spec section 5 (shown as 4 while the knowledge base is not built): SEO on or off, the keywords (comma separated) and the two optimisation options. */
export function SeoSection({ values, onChange }: SectionProps) {
  return (
    <FormSection number={4} title="SEO优化">
      <ToggleField
        label="启用SEO优化"
        hint="围绕关键词优化标题与正文，提升搜索曝光"
        checked={values.enableSeo}
        // Turning SEO off drops the keywords too (spec §4).
        onChange={(enableSeo) => onChange(enableSeo ? { enableSeo } : { enableSeo, seoKeywords: '' })}
      />
      {values.enableSeo && (
        <div className="space-y-3">
          <TextField
            label="SEO关键词"
            value={values.seoKeywords}
            onChange={(seoKeywords) => onChange({ seoKeywords })}
            placeholder="多个关键词用逗号分隔，例如：数字化转型,中小企业"
            maxLength={500}
          />
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {OPTIONS.map((option) => (
              <label key={option.key} className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={values.seoOptions[option.key]}
                  onChange={(event) => onChange({ seoOptions: { ...values.seoOptions, [option.key]: event.target.checked } })}
                  className="size-4 accent-indigo-600"
                />
                {option.label}
              </label>
            ))}
          </div>
        </div>
      )}
    </FormSection>
  );
}
