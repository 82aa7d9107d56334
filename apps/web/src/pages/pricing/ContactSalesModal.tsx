import { SITE } from '@tianma/shared';
import { Mail } from 'lucide-react';
import { Modal } from '../../components/ui/Modal';

export function ContactSalesModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal label="联系销售" onClose={onClose}>
      <p className="text-sm text-slate-600">
        企业版提供多用户管理、专属客户服务和按需定制的金币额度。请发送邮件告诉我们团队规模与使用场景，销售顾问会尽快与你联系。
      </p>
      <a
        href={`mailto:${SITE.salesEmail}`}
        className="mt-4 flex items-center gap-2 rounded-xl bg-indigo-50 px-4 py-3 font-medium text-indigo-700 hover:bg-indigo-100"
      >
        <Mail aria-hidden="true" className="size-5" />
        {SITE.salesEmail}
      </a>
    </Modal>
  );
}
