import { CircleAlert } from 'lucide-react';

/** The unmet password rules, in the wording of the page that shows them. */
export function PasswordRules({ id, issues }: { id: string; issues: readonly string[] }) {
  return (
    <ul id={id} aria-label="密码要求" aria-live="polite" className="mt-2 space-y-1 text-xs text-amber-700">
      {issues.map((issue) => (
        <li key={issue} className="flex items-center gap-1.5">
          <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
          {issue}
        </li>
      ))}
    </ul>
  );
}
