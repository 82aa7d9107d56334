import { type FormEvent, type ReactNode, useState } from 'react';
import { LABEL_CLASS } from '../../components/account/form-styles';
import { buttonClass } from '../../components/ui/button-styles';
import { Modal } from '../../components/ui/Modal';
import { errorMessage } from './admin-format';
import { StepUpCancelled } from './step-up';

export const MIN_REASON = 2;

interface ActionDialogProps {
  title: string;
  /** What the action does, in a sentence. */
  description: ReactNode;
  /** Fields above the reason (the coin delta, the refund amount). */
  children?: ReactNode;
  /** Without it the reason may be left empty (a task's retry or cancel). */
  reasonRequired?: boolean;
  submitLabel: string;
  danger?: boolean;
  /** A message when the fields are not ready, else null. */
  invalid?: string | null;
  busy: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

const DANGER = 'inline-flex items-center justify-center rounded-xl bg-red-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-500 disabled:cursor-not-allowed disabled:opacity-60';

/** The console's confirmation dialog: what happens, the reason the audit log keeps, and the server's refusal if any. */
export function ActionDialog({ title, description, children, reasonRequired = true, submitLabel, danger, invalid, busy, error, onSubmit, onClose }: ActionDialogProps) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const reasonProblem = reasonRequired && reason.trim().length < MIN_REASON ? `请填写操作原因（至少${MIN_REASON}个字）` : null;
  const problem = invalid ?? reasonProblem;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!problem && !busy) onSubmit(reason.trim());
  };

  return (
    <Modal label={title} onClose={busy ? () => {} : onClose}>
      <form onSubmit={submit} className="space-y-4" aria-label={title} noValidate>
        <div className="text-sm break-words text-slate-600">{description}</div>
        {children}
        <div>
          <label htmlFor="admin-action-reason" className={LABEL_CLASS}>
            操作原因{reasonRequired ? '' : '（选填）'}
          </label>
          <textarea
            id="admin-action-reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            rows={3}
            placeholder="将记入审计日志"
            className="mt-1.5 w-full rounded-xl border border-slate-300 px-4 py-2.5 text-base text-slate-900 outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-100"
          />
        </div>
        {tried && problem && <p className="text-sm text-amber-700">{problem}</p>}
        {error != null && !(error instanceof StepUpCancelled) && (
          <p role="alert" className="text-sm text-red-600">
            {errorMessage(error)}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} disabled={busy} className={buttonClass('secondary')}>
            取消
          </button>
          <button type="submit" disabled={busy} className={danger ? DANGER : buttonClass('primary')}>
            {busy ? '处理中...' : submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
