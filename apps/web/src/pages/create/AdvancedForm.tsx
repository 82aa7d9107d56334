import { ChevronDown, ChevronUp, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { ProBadge } from '../../components/layout/ProBadge';
import { useKnowledgeBase } from '../../features/knowledge/use-knowledge-base';
import { BasicSettingsSection } from './advanced/BasicSettingsSection';
import { KnowledgeBaseSection } from './advanced/KnowledgeBaseSection';
import { ReferenceSection } from './advanced/ReferenceSection';
import { RequirementSection } from './advanced/RequirementSection';
import { SeoSection } from './advanced/SeoSection';
import { BusinessLimitBanner } from './BusinessLimitBanner';
import { buildAdvancedRequest } from './build-request';
import { FormCard } from './FormCard';
import type { AdvancedFormValues } from './form-values';
import { GenerateButton } from './GenerateButton';
import { PriceAndBalance } from './PriceAndBalance';
import { SUBMIT_TEXT } from './submit-checks';
import { shortBalanceMessage, useQuote } from './use-quote';

interface AdvancedFormProps {
  /** The last advanced run's values, or the defaults. Read once. */
  initialValues: AdvancedFormValues;
  generating: boolean;
  /** Every field is disabled while a run is under way (spec §2). */
  locked: boolean;
  limited: boolean;
  limitMessage: string | null;
  isPro: boolean;
  onSubmit: (values: AdvancedFormValues) => void;
}

/**
 * The advanced creation form (content-creation §2). The knowledge base lives beside the values (its
 * files are on the server); its selection joins the values at submit.
 */
export function AdvancedForm({ initialValues, generating, locked, limited, limitMessage, isPro, onSubmit }: AdvancedFormProps) {
  const { handleSubmit, watch, setValue } = useForm({ defaultValues: initialValues });
  // The sections, the price and the button follow every change.
  const values = watch();
  const [expanded, setExpanded] = useState(true);
  const { user } = useAuth();
  const kb = useKnowledgeBase(user ? String(user.deepspaceId) : null);
  const settingsId = useId();
  const change = (patch: Partial<AdvancedFormValues>) => {
    for (const [key, value] of Object.entries(patch) as [keyof AdvancedFormValues, AdvancedFormValues[keyof AdvancedFormValues]][]) {
      setValue(key, value);
    }
  };

  // Only a Pro user can start an advanced run, so only a Pro user is quoted (the server would answer 权限不足).
  const quote = useQuote(isPro ? { advanced_mode: true, settings: buildAdvancedRequest(values, '').settings, topic: values.topic } : null, generating);
  // A short balance is a standing business limit: it holds while the quote says so, reload or not.
  const short = !generating && quote?.enough === false;
  const limitedNow = limited || short;
  const bannerMessage = limitMessage ?? (short && quote ? shortBalanceMessage(quote) : null);

  // The checks of spec §5 (the topic, the user, the custom choices) are the page's, with its toasts.
  const submit = handleSubmit((checked) => {
    if (short) return; // refused before starting: the banner and the line by the button say why
    onSubmit({ ...checked, knowledge: kb.selection() });
  });

  // As on the guided form: spaces alone get through to the submit check's toast.
  const disabled = generating || limitedNow || !isPro || values.topic === '';

  return (
    <FormCard
      title={
        <>
          创作设置 <ProBadge />
        </>
      }
      subtitle="高级创作模式"
      aside={
        <button
          type="button"
          onClick={() => setExpanded((open) => !open)}
          aria-expanded={expanded}
          aria-controls={settingsId}
          className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:text-indigo-500"
        >
          {expanded ? '收起设置' : '展开高级设置'}
          {expanded ? <ChevronUp aria-hidden="true" className="size-4" /> : <ChevronDown aria-hidden="true" className="size-4" />}
        </button>
      }
    >
      <form onSubmit={submit} noValidate>
        <fieldset disabled={locked} className="min-w-0 space-y-5">
          {!isPro && (
            <div className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-800">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p>
                {SUBMIT_TEXT.proOnly}。
                <Link to="/pricing" className="ml-1 font-semibold text-indigo-600 underline-offset-2 hover:underline">
                  去升级
                </Link>
              </p>
            </div>
          )}
          {limitedNow && <BusinessLimitBanner message={bannerMessage} topUp={short} />}
          <RequirementSection values={values} onChange={change} />
          {/* The core requirement stays in view; the settings below fold away. */}
          <div id={settingsId} hidden={!expanded} className="space-y-5 border-t border-slate-100 pt-5">
            <BasicSettingsSection values={values} onChange={change} />
            <KnowledgeBaseSection kb={kb} locked={locked} />
            <ReferenceSection values={values} onChange={change} />
            <SeoSection values={values} onChange={change} />
          </div>
          <GenerateButton label="开始高级创作" generating={generating} limited={limitedNow} disabled={disabled} />
          <PriceAndBalance quote={quote} />
        </fieldset>
      </form>
    </FormCard>
  );
}
