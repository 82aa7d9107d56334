import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { DialogShell } from './DialogShell';

interface ModalProps {
  /** Accessible name of the dialog. */
  label: string;
  /** Visible heading; defaults to the label. */
  title?: string;
  onClose: () => void;
  children: ReactNode;
}

/** Centred dialog: close button, Escape and a click on the backdrop close it; focus stays inside. */
export function Modal({ label, title = label, onClose, children }: ModalProps) {
  return (
    <DialogShell
      onClose={onClose}
      label={title === label ? undefined : label}
      placement="center"
      backdropTestId="modal-backdrop"
      className="max-h-[90vh] w-full max-w-md overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
        <Dialog.Close aria-label="关闭" className="-m-1 rounded-lg p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600">
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </div>
      {children}
    </DialogShell>
  );
}
