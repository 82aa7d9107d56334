import { ExternalLink, FlaskConical } from 'lucide-react';

/** The embedded default pays in a sandbox page on this server, which a phone cannot reach. */
export function SandboxHint({ href }: { href: string }) {
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800">
      <p className="flex items-start gap-2">
        <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        当前为沙箱支付环境，不会产生真实扣款；手机可能无法访问该二维码地址。
      </p>
      <a href={href} target="_blank" rel="noopener noreferrer" className="mt-2 inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline">
        在本设备打开沙箱支付页
        <ExternalLink aria-hidden="true" className="size-3.5" />
      </a>
    </div>
  );
}
