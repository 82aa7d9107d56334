import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { type ToastApi, ToastContext, type ToastKind, type ToastMessage } from './toast-context';
import { ToastItem } from './ToastItem';

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show = (kind: ToastKind) => (message: string) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, kind, message }]);
    };
    return { success: show('success'), error: show('error'), info: show('info') };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* NOTE: aria-live keeps the toasts readable while a modal dialog is open: the dialog hides the
          rest of the page from assistive technology (aria-hidden), except live regions. */}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-4 z-[100] mx-auto flex w-full max-w-sm flex-col gap-2 px-4">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}
