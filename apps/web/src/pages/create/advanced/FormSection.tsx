import type { ReactNode } from 'react';

/** A numbered block of the advanced form. */
export function FormSection({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-4 border-t border-slate-100 pt-5 first:border-t-0 first:pt-0">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span aria-hidden="true" className="flex size-5 items-center justify-center rounded-full bg-indigo-100 text-xs text-indigo-700">
          {number}
        </span>
        {title}
      </h3>
      {children}
    </section>
  );
}
