import type { UseQueryResult } from '@tanstack/react-query';
import type { WechatAccount } from '@tianma/shared';
import { ExternalLink, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { INPUT_CLASS, LABEL_CLASS } from '../../components/account/form-styles';
import { buttonClass } from '../../components/ui/button-styles';

/** The profile page's 公众号 section, where accounts are bound (features/wechat-accounts). */
export const BIND_ACCOUNT_HREF = '/profile#wechat-accounts';

interface AccountChooserProps {
  query: UseQueryResult<WechatAccount[]>;
  value: string | undefined;
  onChange: (accountId: string) => void;
}

/** The bound account to publish to; while none is bound, what to do about it. */
export function AccountChooser({ query, value, onChange }: AccountChooserProps) {
  const id = useId();
  const { data, error } = query;
  if (!data) {
    if (!error || query.isFetching) return <p className="py-4 text-center text-sm text-slate-400">正在读取已绑定的公众号…</p>;
    return (
      <div className="py-4 text-center">
        <p role="alert" className="text-sm text-red-600">
          {error.message}
        </p>
        <button type="button" onClick={() => void query.refetch()} className={buttonClass('secondary', 'mt-3 px-4 py-2')}>
          <RotateCcw aria-hidden="true" className="size-4" />
          重试
        </button>
      </div>
    );
  }
  if (data.length === 0) {
    return (
      <div data-testid="wechat-publish-no-account" className="rounded-xl bg-slate-50 p-4 text-sm leading-6 text-slate-600">
        <p className="font-medium text-slate-800">还没有绑定公众号</p>
        <p className="mt-1">绑定自己的公众号后，文章可以直接存入它的草稿箱。绑定在「个人中心 → 公众号」中完成，需要公众号的 AppID 和 AppSecret。</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {/* A new tab: the editor (and its unsaved text) stays where it is. */}
          <a href={BIND_ACCOUNT_HREF} target="_blank" rel="noopener" className={buttonClass('primary', 'px-4 py-2')}>
            去绑定公众号
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
          <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching} className={buttonClass('secondary', 'px-4 py-2')}>
            <RotateCcw aria-hidden="true" className="size-4" />
            已绑定，刷新
          </button>
        </div>
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        公众号
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={`${INPUT_CLASS} mt-1.5`}>
        {data.map((account) => (
          <option key={account.accountId} value={account.accountId}>
            {account.name === account.appId ? account.appId : `${account.name}（${account.appId}）`}
          </option>
        ))}
      </select>
    </div>
  );
}
