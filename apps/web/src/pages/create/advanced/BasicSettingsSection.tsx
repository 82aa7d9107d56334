import { ADVANCED_LENGTH, ARTICLE_TYPES, AUDIENCES, INDUSTRIES, PLATFORMS } from '@tianma/shared';
import { CustomizableSelect } from '../fields/CustomizableSelect';
import { LengthSlider } from '../fields/LengthSlider';
import { SelectField } from '../fields/SelectField';
import { StyleSelect } from '../fields/StyleSelect';
import { useTopicReading } from '../topic-reading';
import { TopicReadingNote } from '../TopicReadingNote';
import { FormSection } from './FormSection';
import type { SectionProps } from './section-props';

/** Section 2: industry, audience, length, platform, and the type and style the server also takes. */
export function BasicSettingsSection({ values, onChange }: SectionProps) {
  const reading = useTopicReading(values.topic, values.length, true);
  return (
    <FormSection number={2} title="基础设置">
      <CustomizableSelect
        label="行业领域"
        value={values.industry}
        options={INDUSTRIES}
        onChange={(industry) => onChange({ industry })}
        custom={values.customIndustry}
        onCustomChange={(customIndustry) => onChange({ customIndustry })}
        customLabel="自定义行业"
        customPlaceholder="请输入行业领域，例如：跨境电商"
      />
      <CustomizableSelect
        label="目标受众"
        value={values.audience}
        options={AUDIENCES}
        onChange={(audience) => onChange({ audience })}
        custom={values.customAudience}
        onCustomChange={(customAudience) => onChange({ customAudience })}
        customLabel="自定义受众"
        customPlaceholder="请描述您的目标读者，例如：刚入行的设计师"
      />
      <LengthSlider value={values.length} onChange={(length) => onChange({ length })} range={ADVANCED_LENGTH} />
      <TopicReadingNote reading={reading} length={values.length} onUseLength={(length) => onChange({ length })} />
      <SelectField label="发布平台" value={values.platform} options={PLATFORMS} onChange={(platform) => onChange({ platform })} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="文章类型" value={values.type} options={ARTICLE_TYPES} onChange={(type) => onChange({ type })} />
        <StyleSelect value={values.style} onChange={(style) => onChange({ style })} />
      </div>
    </FormSection>
  );
}
