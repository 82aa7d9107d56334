import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useEffect, useRef, useState } from 'react';

const FIELD = 'input, select, textarea';

const PLACEMENT = {
  center: 'inset-0 items-center justify-center p-4',
  bottom: 'inset-0 items-end justify-center',
  /** Below the sticky header (h-16), which stays visible above the sheet; a phone-width menu only. */
  'below-header': 'inset-x-0 top-16 bottom-0 items-start md:hidden',
} as const;

interface DialogShellProps {
  onClose: () => void;
  /** Accessible name when it differs from the Dialog.Title's text. */
  label?: string;
  /** Where the panel sits on the screen. */
  placement: keyof typeof PLACEMENT;
  /** Classes of the panel (the Radix dialog content). */
  className: string;
  /** Must contain a Dialog.Title: every dialog has an accessible name. */
  children: ReactNode;
  backdropTestId?: string;
  testId?: string;
}

/**
 * An open modal Radix dialog (focus trapped, Escape and a click outside close it, the rest of the
 * page hidden from assistive technology) that the caller mounts while it should show. On open the
 * first form field gets focus, else the panel (not the close button); on close, focus returns to
 * what had it before.
 */
export function DialogShell({ onClose, label, placement, className, children, backdropTestId, testId }: DialogShellProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const [returnFocusTo] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  // NOTE: no Dialog.Overlay. The overlay locks scrolling through react-remove-scroll, which injects
  // a <style> element that the app's CSP (style-src 'self') refuses; an inline style property is allowed.
  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <div className={`fixed z-50 flex ${PLACEMENT[placement]}`}>
          {/* The modal layer turns pointer events off outside the panel; the backdrop takes them back, so a click on it closes. */}
          <div data-testid={backdropTestId} aria-hidden="true" style={{ pointerEvents: 'auto' }} className="absolute inset-0 bg-slate-900/50" />
          <Dialog.Content
            ref={contentRef}
            aria-describedby={undefined}
            {...(label && { 'aria-label': label, 'aria-labelledby': undefined })}
            data-testid={testId}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              const panel = contentRef.current;
              (panel?.querySelector<HTMLElement>(FIELD) ?? panel)?.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocusTo?.focus();
            }}
            className={`relative outline-none ${className}`}
          >
            {children}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
