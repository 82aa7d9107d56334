import { useId } from 'react';
import { INPUT_CLASS, LABEL_CLASS } from '../../../components/account/form-styles';
import { ToggleField } from '../fields/ToggleField';
import type { ReferenceType } from '../form-values';
import { FormSection } from './FormSection';
import type { SectionProps } from './section-props';

const TYPES: readonly { value: ReferenceType; label: string }[] = [
  { value: 'url', label: '链接' },
  { value: 'text', label: '文本' },
];

/** Section 4: a reference article for the style, as a link or as pasted text (one of them is sent). */
export function ReferenceSection({ values, onChange }: SectionProps) {
  const id = useId();
  const isUrl = values.referenceType === 'url';
  return (
    <FormSection number={4} title="参考文章">
      <ToggleField
        label="使用参考文章"
        hint="AI 将借鉴参考文章的写作风格与结构"
        checked={values.useReferenceDoc}
        onChange={(useReferenceDoc) => onChange({ useReferenceDoc })}
      />
      {values.useReferenceDoc && (
        <div className="space-y-3">
          <div role="radiogroup" aria-label="参考文章形式" className="inline-flex gap-1 rounded-xl bg-slate-100 p-1">
            {TYPES.map((type) => (
              <label
                key={type.value}
                className="cursor-pointer rounded-lg px-4 py-1.5 text-sm text-slate-600 has-checked:bg-white has-checked:text-indigo-700 has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-indigo-200"
              >
                <input
                  type="radio"
                  name={`${id}-type`}
                  value={type.value}
                  checked={values.referenceType === type.value}
                  onChange={() => onChange({ referenceType: type.value })}
                  className="sr-only"
                />
                {type.label}
              </label>
            ))}
          </div>
          <div>
            <label htmlFor={id} className={LABEL_CLASS}>
              {isUrl ? '参考文章链接' : '参考文章内容'}
            </label>
            {isUrl ? (
              <input
                id={id}
                type="url"
                inputMode="url"
                value={values.referenceUrl}
                onChange={(event) => onChange({ referenceUrl: event.target.value })}
                placeholder="https://"
                maxLength={2000}
                className={`${INPUT_CLASS} mt-1.5`}
              />
            ) : (
              <textarea
                id={id}
                rows={5}
                value={values.referenceText}
                onChange={(event) => onChange({ referenceText: event.target.value })}
                placeholder="请粘贴参考文章的正文"
                maxLength={20000}
                className={`${INPUT_CLASS} mt-1.5 resize-y`}
              />
            )}
          </div>
        </div>
      )}
    </FormSection>
  );
}
