import type { LedgerEntry } from './billing-api';
import { zhDateTime } from './format-time';

/** +1100 or −67 (a true minus sign, so the column lines up). */
export function signedCoins(delta: number): string {
  return delta < 0 ? `−${Math.abs(delta)}` : `+${delta}`;
}

/** Every coin movement with the balance after it, newest first. */
export function LedgerList({ entries }: { entries: LedgerEntry[] }) {
  if (entries.length === 0) return <p className="py-8 text-center text-sm text-slate-400">暂无金币明细</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {entries.map((entry) => (
        <li key={`${entry.createdAt}:${entry.balanceAfter}:${entry.delta}`} className="flex items-start justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-800">{entry.label}</p>
            {entry.reason && entry.reason !== entry.label && <p className="mt-0.5 truncate text-xs text-slate-500">{entry.reason}</p>}
            <p className="mt-1 text-xs text-slate-400">{zhDateTime(entry.createdAt)}</p>
          </div>
          <div className="shrink-0 text-right">
            <p className={`text-sm font-semibold ${entry.delta < 0 ? 'text-rose-600' : 'text-emerald-600'}`}>{signedCoins(entry.delta)}</p>
            <p className="mt-1 text-xs text-slate-500">余额 {entry.balanceAfter}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
