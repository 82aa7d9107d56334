import * as Dialog from '@radix-ui/react-dialog';
import type { RevisionAction, WritingStyle } from '@tianma/shared';
import { Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { DialogShell } from '../../../components/ui/DialogShell';
import { ActionButtons } from './ActionButtons';
import type { RevisionActionInfo } from './revision-api';

export interface MenuAnchor {
  /** Where the menu goes, in px from the top left of the viewport (the menu is fixed). */
  top: number;
  left: number;
}

interface SelectionMenuProps {
  actions: readonly RevisionActionInfo[];
  chars: number;
  onRun: (action: RevisionAction, style?: WritingStyle) => void;
}

/** Desktop: a menu floating under the selection. A click never takes focus from the editor; Tab reaches it, Escape goes back. */
export function FloatingSelectionMenu({
  anchor,
  onFocusWithin,
  onEscape,
  ...props
}: SelectionMenuProps & {
  anchor: MenuAnchor;
  /** Focus came into the menu (Tab from the editor) or left it: the menu stays while it has focus. */
  onFocusWithin: (inside: boolean) => void;
  onEscape: () => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label="AI 编辑所选文字"
      data-testid="ai-selection-menu"
      onFocus={() => onFocusWithin(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onFocusWithin(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onEscape();
      }}
      // NOTE: a style property set from script, which the CSP allows (an inline style attribute in HTML it would not).
      style={{ top: anchor.top, left: anchor.left }}
      className="fixed z-20 w-[26rem] max-w-[calc(100%-1rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
    >
      <ActionButtons {...props} keepFocus />
    </div>
  );
}

/** Below 768 px: a button at the bottom of the screen opens the actions in a bottom sheet. */
export function MobileSelectionSheet({ actions, chars, onRun }: SelectionMenuProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        data-testid="ai-sheet-open"
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setOpen(true)}
        className="fixed inset-x-4 bottom-4 z-30 flex items-center justify-center gap-2 rounded-full bg-indigo-600 px-4 py-3 text-sm font-semibold text-white shadow-lg"
      >
        <Sparkles aria-hidden="true" className="size-4" />
        AI 编辑所选 {chars} 字
      </button>
      {open && (
        <DialogShell
          onClose={() => setOpen(false)}
          placement="bottom"
          testId="ai-selection-sheet"
          className="max-h-[80dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-4 pb-6 shadow-xl"
        >
          <div className="mb-3 flex items-center justify-between">
            <Dialog.Title className="text-base font-semibold text-slate-900">AI 编辑所选文字</Dialog.Title>
            <Dialog.Close aria-label="关闭" className="-m-1 rounded-lg p-1 text-slate-400 hover:bg-slate-100">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <ActionButtons
            actions={actions}
            chars={chars}
            layout="grid"
            onRun={(action, style) => {
              setOpen(false);
              onRun(action, style);
            }}
          />
        </DialogShell>
      )}
    </>
  );
}
