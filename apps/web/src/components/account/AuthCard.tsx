import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  /** Above the card, e.g. a back button. */
  top?: ReactNode;
  children: ReactNode;
}

/** The centred card of the sign-in, register and reset pages. */
export function AuthCard({ title, subtitle, top, children }: AuthCardProps) {
  return (
    <div className="bg-gradient-to-b from-indigo-50 via-white to-slate-50 px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-md">
        {top && <div className="mb-3">{top}</div>}
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-center text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle && <p className="mt-2 text-center text-sm text-slate-500">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </div>
  );
}
