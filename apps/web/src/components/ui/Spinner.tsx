import { LoaderCircle } from 'lucide-react';

/** Centred spinner with a visible label, for whole-page waits. */
export function PageSpinner({ label = '加载中...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-indigo-600" />
      <span className="text-sm text-slate-500">{label}</span>
    </div>
  );
}
