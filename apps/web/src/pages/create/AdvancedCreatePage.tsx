import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { useToast } from '../../components/toast/toast-context';
import { buttonClass } from '../../components/ui/button-styles';
import { AdvancedForm } from './AdvancedForm';
import { browserLocalStorage, lastAdvancedValues, rememberAdvancedRun } from './advanced-settings-storage';
import { buildAdvancedRequest } from './build-request';
import { CreationShell } from './CreationShell';
import { type AdvancedFormValues, advancedDefaults } from './form-values';
import { GenerationPanel } from './generation-panel/GenerationPanel';
import { checkSubmit } from './submit-checks';
import { useCreationTab } from './use-creation-tab';
import { generationFlags, useGeneration } from './use-generation';

function startingValues(): AdvancedFormValues {
  const storage = browserLocalStorage();
  return (storage && lastAdvancedValues(storage)) ?? advancedDefaults();
}

/**
 * /advanced-create. Basic users see the page with a notice and no way to submit; the server refuses
 * their advanced runs with 权限不足 anyway.
 */
export function AdvancedCreatePage() {
  const { user, isPro } = useAuth();
  const toast = useToast();
  const [tab, setTab] = useCreationTab();
  const [initialValues] = useState(startingValues);
  const generation = useGeneration();
  const { state } = generation;
  const { generating, limited, locked } = generationFlags(state);

  const submit = (values: AdvancedFormValues) => {
    const check = checkSubmit(values, user);
    if (!check.ok) {
      toast.error(check.message);
      return;
    }
    const storage = browserLocalStorage();
    if (storage) rememberAdvancedRun(storage, values);
    void generation.start(buildAdvancedRequest(values, check.deepspaceId));
  };

  return (
    <CreationShell
      title="AI 高级创作"
      createLabel="高级创作"
      tab={tab}
      onTab={setTab}
      actions={
        <Link to="/create" className={buttonClass('secondary', 'px-4 py-2')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          返回基础模式
        </Link>
      }
      form={
        <AdvancedForm
          initialValues={initialValues}
          generating={generating}
          locked={locked}
          limited={limited}
          limitMessage={state.error}
          isPro={isPro}
          onSubmit={submit}
        />
      }
      panel={
        <GenerationPanel
          state={state}
          advanced={state.lastSettings?.advanced_mode ?? true}
          onRegenerate={() => void generation.regenerate()}
          onRefetch={() => void generation.refetch()}
          onBack={generation.reset}
          onShowMyArticles={() => setTab('articles')}
        />
      }
    />
  );
}
