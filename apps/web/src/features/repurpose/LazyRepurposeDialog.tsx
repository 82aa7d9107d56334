import { Suspense } from 'react';
import { lazyWithPreload } from '../../components/ui/lazy-with-preload';
import type { RepurposeDialogProps } from './RepurposeDialog';

// The dialog, the tracker and the price line load when 一稿多发 is first wanted, not with the page.
export const RepurposeDialogChunk = lazyWithPreload<RepurposeDialogProps, 'RepurposeDialog'>(() => import('./RepurposeDialog'), 'RepurposeDialog');

/** The dialog, mounted while it should show. */
export function LazyRepurposeDialog(props: RepurposeDialogProps) {
  return (
    <Suspense fallback={null}>
      <RepurposeDialogChunk {...props} />
    </Suspense>
  );
}
