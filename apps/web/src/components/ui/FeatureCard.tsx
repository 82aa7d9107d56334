import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface Feature {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
}

export function FeatureCard({ feature }: { feature: Feature }) {
  const Icon = feature.icon;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
      <div className="mt-2 text-sm text-slate-600">{feature.description}</div>
    </li>
  );
}

export function FeatureGrid({ features }: { features: readonly Feature[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {features.map((feature) => (
        <FeatureCard key={feature.title} feature={feature} />
      ))}
    </ul>
  );
}
