import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import { DialogShell } from '../../../components/ui/DialogShell';
import { VersionDetail } from './VersionDetail';
import { VersionList } from './VersionList';
import type { ArticleVersion } from './versions-api';

export interface VersionsPanelProps {
  articleId: string;
  /** The editor's text now, and whether it holds edits not saved yet. */
  current: string;
  dirty: boolean;
  onClose: () => void;
  /** Called with the restored text once the server has made it the article's. */
  onRestored: (content: string) => void;
}

/**
 * 历史版本: a sheet from the right on wide screens (list and compare side by side), from the
 * bottom on phones (the list, then the compare in its place).
 */
export function VersionsPanel({ articleId, current, dirty, onClose, onRestored }: VersionsPanelProps) {
  const [selected, setSelected] = useState<ArticleVersion | null>(null);

  return (
    <DialogShell
      onClose={onClose}
      placement="bottom"
      testId="versions-panel"
      // NOTE: the shell's bottom placement centres the panel at the foot of the screen; from md up
      // the auto margin and self-stretch turn it into a full-height sheet at the right edge.
      className="flex h-[85dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl md:ml-auto md:h-full md:max-w-4xl md:self-stretch md:rounded-none md:rounded-l-2xl"
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
        <Dialog.Title className="text-lg font-semibold text-slate-900">历史版本</Dialog.Title>
        <Dialog.Close aria-label="关闭" className="-m-1 rounded-lg p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600">
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </div>
      <div className="flex min-h-0 flex-1 md:grid md:grid-cols-[16rem_1fr]">
        <div className={`min-h-0 min-w-0 flex-1 overflow-y-auto md:border-r md:border-slate-200 ${selected ? 'hidden md:block' : 'block'}`}>
          <VersionList articleId={articleId} selectedId={selected?.versionId ?? null} onSelect={setSelected} />
        </div>
        <section aria-label="版本对比" className={`min-h-0 min-w-0 flex-1 flex-col ${selected ? 'flex' : 'hidden md:flex'}`}>
          {selected ? (
            <VersionDetail
              key={selected.versionId}
              articleId={articleId}
              version={selected}
              current={current}
              dirty={dirty}
              onBack={() => setSelected(null)}
              onRestored={(content) => {
                setSelected(null);
                onRestored(content);
              }}
            />
          ) : (
            <p className="m-auto p-6 text-center text-sm text-slate-500">选择一个版本，查看它与当前内容的差异</p>
          )}
        </section>
      </div>
    </DialogShell>
  );
}
