import { ARTICLE_TYPES, AUDIENCES, GUIDED_LENGTH, PLATFORMS } from '@tianma/shared';
import { Crown } from 'lucide-react';
import { type Path, type PathValue, useForm } from 'react-hook-form';
import { TextField } from '../../components/account/TextField';
import { buttonClass } from '../../components/ui/button-styles';
import { BusinessLimitBanner } from './BusinessLimitBanner';
import { buildGuidedRequest } from './build-request';
import { CustomizableSelect } from './fields/CustomizableSelect';
import { LengthSlider } from './fields/LengthSlider';
import { SelectField } from './fields/SelectField';
import { StyleSelect } from './fields/StyleSelect';
import { FormCard } from './FormCard';
import { type GuidedFormValues, guidedDefaults } from './form-values';
import { GenerateButton } from './GenerateButton';
import { PriceAndBalance } from './PriceAndBalance';
import { useTopicReading } from './topic-reading';
import { TopicReadingNote } from './TopicReadingNote';
import { type QuoteInput, shortBalanceMessage, useQuote } from './use-quote';

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
  const { register, handleSubmit, watch, setValue } = useForm({ defaultValues: guidedDefaults() });
  // The price, the topic reading and the button follow every change.
  const values = watch();
  const set =
    <K extends Path<GuidedFormValues>>(key: K) =>
    (value: PathValue<GuidedFormValues, K>) =>
      setValue(key, value);
  const reading = useTopicReading(values.topic, values.length, false);
  const quoteInput: QuoteInput = { advanced_mode: false, settings: buildGuidedRequest(values, '').settings, topic: values.topic };
  const quote = useQuote(quoteInput, generating);
  // A short balance is a standing business limit: it holds while the quote says so, reload or not.
  const short = !generating && quote?.enough === false;
  const limitedNow = limited || short;
  const bannerMessage = limitMessage ?? (short && quote ? shortBalanceMessage(quote) : null);

  // The checks of spec §5 (the topic, the user, the custom choices) are the page's, with its toasts.
  const submit = handleSubmit((checked) => {
    if (short) return; // refused before starting: the banner and the line by the button say why
    onSubmit(checked);
  });

  // NOTE: disabled on an empty field only: a topic of spaces reaches the submit check and its toast (spec §5).
  const disabled = generating || limitedNow || values.topic === '';

  return (
    <FormCard title="创作设置" subtitle="引导创作模式">
      <form onSubmit={submit} className="space-y-5" noValidate>
        {limitedNow && <BusinessLimitBanner message={bannerMessage} topUp={short} />}
        <TextField
          label="文章主题"
          {...register('topic')}
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
          <GenerateButton label="开始生成" generating={generating} limited={limitedNow} disabled={disabled} />
          <PriceAndBalance quote={quote} />
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
