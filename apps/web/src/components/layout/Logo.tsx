import { Link } from 'react-router';

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" onClick={onNavigate} className="flex items-center gap-2" aria-label="天马首页">
      <img src="/favicon.svg" alt="" className="size-8" />
      <span className="text-lg font-bold tracking-wide text-slate-900">天马</span>
    </Link>
  );
}
