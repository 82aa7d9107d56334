import type { ReactNode } from 'react';

/** The white card around a creation form, with its title line. */
export function FormCard({ title, subtitle, aside, children }: { title: ReactNode; subtitle: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">{title}</h2>
          <p className="mt-0.5 text-sm text-slate-500">{subtitle}</p>
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
