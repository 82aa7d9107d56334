import { ARTICLE_TYPES, AUDIENCES, GUIDED_LENGTH, PLATFORMS } from '@tianma/shared';
import { Crown } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/account/TextField';
import { buttonClass } from '../../components/ui/button-styles';
import { BusinessLimitBanner } from './BusinessLimitBanner';
import { CustomizableSelect } from './fields/CustomizableSelect';
import { LengthSlider } from './fields/LengthSlider';
import { SelectField } from './fields/SelectField';
import { StyleSelect } from './fields/StyleSelect';
import { FormCard } from './FormCard';
import { type GuidedFormValues, guidedDefaults } from './form-values';
import { GenerateButton } from './GenerateButton';
import { useTopicReading } from './topic-reading';
import { TopicReadingNote } from './TopicReadingNote';

interface GuidedFormProps {
  generating: boolean;
  /** The business-limit error text while a limit applies, else null. */
  limitMessage: string | null;
  limited: boolean;
  isPro: boolean;
  onSubmit: (values: GuidedFormValues) => void;
  onOpenAdvanced: () => void;
}

/** The guided creation form (content-creation §2). */
export function GuidedForm({ generating, limitMessage, limited, isPro, onSubmit, onOpenAdvanced }: GuidedFormProps) {
  const [values, setValues] = useState<GuidedFormValues>(guidedDefaults);
  const set = <K extends keyof GuidedFormValues>(key: K) => (value: GuidedFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const reading = useTopicReading(values.topic, values.length, false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };

  // NOTE: disabled on an empty field only: a topic of spaces reaches the submit check and its toast (spec §5).
  const disabled = generating || limited || values.topic === '';

  return (
    <FormCard title="创作设置" subtitle="引导创作模式">
      <form onSubmit={submit} className="space-y-5" noValidate>
        {limited && <BusinessLimitBanner message={limitMessage} />}
        <TextField
          label="文章主题"
          value={values.topic}
          onChange={set('topic')}
          placeholder="请输入文章主题或关键词，例如：职场新人如何高效沟通"
          maxLength={2000}
          data-testid="topic-input"
        />
        <CustomizableSelect
          label="目标受众"
          value={values.audience}
          options={AUDIENCES}
          onChange={set('audience')}
          custom={values.customAudience}
          onCustomChange={set('customAudience')}
          customLabel="自定义受众"
          customPlaceholder="请描述您的目标读者，例如：刚入行的设计师"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField label="文章类型" value={values.type} options={ARTICLE_TYPES} onChange={set('type')} />
          <StyleSelect value={values.style} onChange={set('style')} />
        </div>
        <LengthSlider value={values.length} onChange={set('length')} range={GUIDED_LENGTH} />
        <TopicReadingNote reading={reading} length={values.length} onUseLength={set('length')} />
        <SelectField label="发布平台" value={values.platform} options={PLATFORMS} onChange={set('platform')} />

        <div className="space-y-3 pt-1">
          <GenerateButton label="开始生成" generating={generating} limited={limited} disabled={disabled} />
          {/* Not disabled for basic users: the click explains that the mode is Pro-only. */}
          <button
            type="button"
            data-testid="advanced-mode-button"
            onClick={onOpenAdvanced}
            disabled={generating}
            aria-disabled={!isPro || undefined}
            className={buttonClass('secondary', `w-full ${isPro ? '' : 'text-slate-400'}`)}
          >
            <Crown aria-hidden="true" className={`size-4 ${isPro ? 'text-amber-500' : ''}`} />
            切换到高级创作模式
          </button>
        </div>
      </form>
    </FormCard>
  );
}
