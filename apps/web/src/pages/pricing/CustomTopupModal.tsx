import { LoaderCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Modal } from '../../components/ui/Modal';

// NOTE: the form brings react-hook-form and zod (about 40 kB gzip); it loads when the modal opens,
// not with the pricing page, where most visitors never open it.
const CustomTopupForm = lazy(() => import('./CustomTopupForm').then((module) => ({ default: module.CustomTopupForm })));

export function CustomTopupModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal label="自定义充值" onClose={onClose}>
      <Suspense
        fallback={
          <div aria-busy="true" className="flex h-64 items-center justify-center">
            <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-slate-300" />
          </div>
        }
      >
        <CustomTopupForm onClose={onClose} />
      </Suspense>
    </Modal>
  );
}
