/**
 * Centred spinner with a visible label, for whole-page waits. A ring drawn by CSS, not an icon:
 * it is in the entry chunk (the pages' loading state), where every byte is loaded by every page.
 */
export function PageSpinner({ label = '加载中...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-[3px] border-indigo-100 border-t-indigo-600" />
      <span className="text-sm text-slate-500">{label}</span>
    </div>
  );
}
