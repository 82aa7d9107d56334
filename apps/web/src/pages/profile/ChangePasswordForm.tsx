import { LoaderCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { ChangePasswordFormProps } from './ChangePasswordFields';

// NOTE: the form brings react-hook-form and zod (about 40 kB gzip); it loads when 修改密码 opens it,
// not with the profile page.
const ChangePasswordFields = lazy(() => import('./ChangePasswordFields').then((module) => ({ default: module.ChangePasswordFields })));

export function ChangePasswordForm(props: ChangePasswordFormProps) {
  return (
    <Suspense
      fallback={
        <div id={props.id} aria-busy="true" className="mt-4 flex h-24 items-center justify-center">
          <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-slate-300" />
        </div>
      }
    >
      <ChangePasswordFields {...props} />
    </Suspense>
  );
}
