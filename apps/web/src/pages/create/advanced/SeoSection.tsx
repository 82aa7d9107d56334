import { TextField } from '../../../components/account/TextField';
import { useToast } from '../../../components/toast/toast-context';
import { ToggleField } from '../fields/ToggleField';
import type { SeoOptions } from '../form-values';
import { FormSection } from './FormSection';
import { KeywordChips } from './seo/KeywordChips';
import { appendKeyword, keywordCount, MAX_FIELD_KEYWORDS } from './seo/keyword-field';
import { RecommendKeywordsButton } from './seo/RecommendKeywordsButton';
import { useKeywordSuggestions } from './seo/use-keyword-suggestions';
import type { SectionProps } from './section-props';

const OPTIONS: readonly { key: keyof SeoOptions; label: string }[] = [
  { key: 'optimizePlatform', label: '针对平台优化' },
  { key: 'optimizeTitleAndContent', label: '优化标题和内容' },
];

/**
 * Section 5: SEO on or off, the keywords (comma separated) with recommended ones to add, and the
 * two optimisation options.
 */
export function SeoSection({ values, onChange }: SectionProps) {
  const toast = useToast();
  const keywords = useKeywordSuggestions(values);
  const count = keywordCount(values.seoKeywords);

  const toggle = (enableSeo: boolean) => {
    if (enableSeo) return onChange({ enableSeo });
    // Turning SEO off drops the keywords, the suggestions and their counters (spec §4).
    keywords.clear();
    onChange({ enableSeo, seoKeywords: '' });
  };

  const add = (keyword: string) => {
    const next = appendKeyword(values.seoKeywords, keyword);
    if (next === undefined) toast.info(`最多添加${MAX_FIELD_KEYWORDS}个关键词`);
    else if (next !== values.seoKeywords) onChange({ seoKeywords: next });
  };

  return (
    <FormSection number={5} title="SEO优化">
      <ToggleField label="启用SEO优化" hint="围绕关键词优化标题与正文，提升搜索曝光" checked={values.enableSeo} onChange={toggle} />
      {values.enableSeo && (
        <div className="space-y-3">
          <TextField
            label="SEO关键词"
            value={values.seoKeywords}
            onChange={(seoKeywords) => onChange({ seoKeywords })}
            placeholder="多个关键词用逗号分隔，例如：数字化转型,中小企业"
            maxLength={500}
            addon={<RecommendKeywordsButton loading={keywords.loading} remaining={keywords.remaining} onClick={keywords.recommend} />}
          />
          <p className="text-xs text-slate-500" data-testid="seo-keyword-counters">
            已添加 {count} 个关键词
            {keywords.suggestions.length > 0 && ` · 推荐 ${keywords.suggestions.length} 个`}
          </p>
          <KeywordChips suggestions={keywords.suggestions} field={values.seoKeywords} onAdd={add} />
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
