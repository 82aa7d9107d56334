import { LoaderCircle } from 'lucide-react';
import { MAX_KNOWLEDGE_FILES } from '../../../features/knowledge/knowledge-rules';
import { knowledgeFlags } from '../../../features/knowledge/knowledge-state';
import type { KnowledgeBase } from '../../../features/knowledge/use-knowledge-base';
import { FormSection } from './FormSection';
import { BuildPanel } from './knowledge/BuildPanel';
import { FileDropZone } from './knowledge/FileDropZone';
import { KnowledgeFileList } from './knowledge/KnowledgeFileList';
import { ToggleField } from '../fields/ToggleField';

interface KnowledgeBaseSectionProps {
  kb: KnowledgeBase;
  /** The form is locked (a run under way): dropping files is refused too. */
  locked: boolean;
}

/** Section 3: the temporary knowledge base, with upload, the file list and the build (content-creation §2, §4). */
export function KnowledgeBaseSection({ kb, locked }: KnowledgeBaseSectionProps) {
  const { state } = kb;
  const flags = knowledgeFlags(state);
  const checking = state.validity === 'checking';
  return (
    <FormSection number={3} title="知识库">
      <ToggleField
        label="使用知识库"
        hint="上传资料并构建知识库，AI 将参考其中的内容创作"
        checked={state.enabled}
        onChange={kb.setEnabled}
        testId="kb-toggle"
      />
      {state.enabled && (
        <div className="space-y-3">
          {checking && (
            <p role="status" className="flex items-center gap-2 text-xs text-slate-500">
              <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
              正在检查知识库...
            </p>
          )}
          <FileDropZone
            onFiles={kb.upload}
            uploading={state.uploading}
            disabled={locked || !flags.canUpload || state.files.length >= MAX_KNOWLEDGE_FILES}
            fileCount={state.files.length}
          />
          <KnowledgeFileList files={state.files} deleting={state.deleting} disabled={locked || flags.building || state.uploading} onRemove={kb.remove} />
          <BuildPanel
            build={state.build}
            buildError={state.buildError}
            progress={state.progress}
            canBuild={!locked && flags.canBuild}
            showUnbuiltHint={flags.showUnbuiltHint}
            onBuild={kb.build}
          />
        </div>
      )}
    </FormSection>
  );
}
