import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useEffect } from 'react';
import { TOAST_DURATION_MS, type ToastKind, type ToastMessage } from './toast-context';

const STYLES: Record<ToastKind, { box: string; icon: typeof Info }> = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-800', icon: CircleCheck },
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: CircleAlert },
  info: { box: 'border-slate-200 bg-white text-slate-800', icon: Info },
};

interface ToastItemProps {
  toast: ToastMessage;
  onDismiss: (id: number) => void;
}

export function ToastItem({ toast, onDismiss }: ToastItemProps) {
  const { box, icon: Icon } = STYLES[toast.kind];

  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss]);

  return (
    <div
      role="status"
      aria-live="polite"
      data-kind={toast.kind}
      className={`pointer-events-auto flex w-full items-start gap-2 rounded-lg border px-4 py-3 text-sm shadow-lg ${box}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="flex-1 break-words">{toast.message}</p>
      <button
        type="button"
        aria-label="关闭通知"
        onClick={() => onDismiss(toast.id)}
        className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
