import { SITE } from '@tianma/shared';
import { Mail } from 'lucide-react';
import { Modal } from '../ui/Modal';

export function ContactPopup({ onClose }: { onClose: () => void }) {
  return (
    <Modal label="联系我们" onClose={onClose}>
      <p className="text-sm text-slate-600">使用中遇到问题，或有商务合作意向，欢迎发送邮件给我们，我们会尽快回复。</p>
      <a
        href={`mailto:${SITE.supportEmail}`}
        className="mt-4 flex items-center gap-2 rounded-xl bg-indigo-50 px-4 py-3 font-medium text-indigo-700 hover:bg-indigo-100"
      >
        <Mail aria-hidden="true" className="size-5" />
        {SITE.supportEmail}
      </a>
    </Modal>
  );
}
