import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { DialogShell } from '../../components/ui/DialogShell';
import { isRunningStatus } from '../generation/progress-display';
import { ChoosePlatform } from './ChoosePlatform';
import { RunDone, RunEnded, RunProgress } from './RunStates';
import { type FollowDeps, useRepurpose } from './use-repurpose';

export interface RepurposeDialogProps {
  /** The source article. */
  articleId: string;
  /** Its title, for the sentence under the heading. */
  title: string;
  onClose: () => void;
  /** Tests script the stream and status calls (generation/tracking-fakes.ts). */
  follow?: FollowDeps;
}

/**
 * 一稿多发: choose a platform (price and balance), then follow the task live with the generation's
 * tracker, cancel it, or open the new article. Closing mid-run leaves the task running on the server.
 * Loaded lazily (RepurposeButton, the card menu): none of it is in a page's first chunk.
 */
export function RepurposeDialog({ articleId, title, onClose, follow }: RepurposeDialogProps) {
  const run = useRepurpose(articleId, follow);
  const { state } = run;
  // A refused start (no task) goes back to the choice with the reason; a run that ended stays shown.
  const refused = state.status === 'error' && !state.taskId;
  const running = isRunningStatus(state.status) || (state.isLoading && state.status !== 'completed');

  let body: ReactNode;
  if (state.status === 'idle' || refused) body = <ChoosePlatform run={run} onClose={onClose} />;
  else if (state.status === 'completed' && !state.isLoading) body = <RunDone run={run} onClose={onClose} />;
  else if (running) body = <RunProgress run={run} onClose={onClose} />;
  else body = <RunEnded run={run} onClose={onClose} />;

  return (
    <DialogShell
      onClose={onClose}
      placement="center"
      testId="repurpose-dialog"
      backdropTestId="modal-backdrop"
      className="max-h-[92vh] w-full max-w-2xl overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6"
    >
      <div className="mb-1 flex items-start justify-between gap-4">
        <Dialog.Title className="text-lg font-semibold text-slate-900">一稿多发</Dialog.Title>
        <Dialog.Close aria-label="关闭" className="-m-1 rounded-lg p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600">
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </div>
      <p className="mb-4 text-sm break-words text-slate-500">
        把《{title}》改写成其他平台的版本，作为新文章存入“我的文章”，原文不变。
      </p>
      {body}
    </DialogShell>
  );
}
