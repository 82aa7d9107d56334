import { useId } from 'react';
import { INPUT_CLASS, LABEL_CLASS } from '../../../components/account/form-styles';
import { FormSection } from './FormSection';
import type { SectionProps } from './section-props';

/** Section 1: the creation requirement, sent as the topic. */
export function RequirementSection({ values, onChange }: SectionProps) {
  const id = useId();
  return (
    <FormSection number={1} title="核心指令">
      <div>
        <label htmlFor={id} className={LABEL_CLASS}>
          创作要求 <span className="text-red-500">*</span>
        </label>
        <textarea
          id={id}
          data-testid="topic-input"
          required
          rows={4}
          maxLength={2000}
          value={values.topic}
          onChange={(event) => onChange({ topic: event.target.value })}
          placeholder="请详细描述您的创作要求，例如：写一篇面向中小企业主的数字化转型指南，重点讲清投入与回报"
          className={`${INPUT_CLASS} mt-1.5 resize-y`}
        />
      </div>
    </FormSection>
  );
}
