import { LoaderCircle } from 'lucide-react';
import { buttonClass } from '../ui/button-styles';

/** A full-width primary submit button that reads `busyLabel` while the form is being sent. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full py-3 text-base')}>
      {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
      {busy ? busyLabel : label}
    </button>
  );
}
