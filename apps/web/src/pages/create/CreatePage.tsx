import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { useToast } from '../../components/toast/toast-context';
import { browserLocalStorage, rememberGuidedRun } from './advanced-settings-storage';
import { buildGuidedRequest } from './build-request';
import { CreationShell } from './CreationShell';
import type { GuidedFormValues } from './form-values';
import { GenerationPanel } from './generation-panel/GenerationPanel';
import { GuidedForm } from './GuidedForm';
import { checkSubmit, SUBMIT_TEXT } from './submit-checks';
import { useCreationTab } from './use-creation-tab';
import { generationFlags, useGeneration } from './use-generation';

/** /create: the guided form beside the generation panel, and the my-articles tab. */
export function CreatePage() {
  const { user, isPro } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [tab, setTab] = useCreationTab();
  const generation = useGeneration();
  const { state } = generation;
  const { generating, limited } = generationFlags(state);

  const submit = (values: GuidedFormValues) => {
    const check = checkSubmit(values, user);
    if (!check.ok) {
      toast.error(check.message);
      return;
    }
    const storage = browserLocalStorage();
    if (storage) rememberGuidedRun(storage);
    // A refusal while a run is under way is the tracker's own toast (文章正在生成中，请稍候...).
    void generation.start(buildGuidedRequest(values, check.deepspaceId));
  };

  const openAdvanced = () => {
    if (isPro) navigate('/advanced-create');
    else toast.info(SUBMIT_TEXT.proOnly);
  };

  return (
    <CreationShell
      title="AI 智能创作"
      createLabel="创作"
      tab={tab}
      onTab={setTab}
      form={
        <GuidedForm
          generating={generating}
          limited={limited}
          limitMessage={state.error}
          isPro={isPro}
          onSubmit={submit}
          onOpenAdvanced={openAdvanced}
        />
      }
      panel={
        <GenerationPanel
          state={state}
          // The step list follows the run shown: a resumed advanced run keeps its 13 steps here.
          advanced={state.lastSettings?.advanced_mode ?? false}
          onRegenerate={() => void generation.regenerate()}
          onRefetch={() => void generation.refetch()}
          onBack={generation.reset}
          onShowMyArticles={() => setTab('articles')}
        />
      }
    />
  );
}
