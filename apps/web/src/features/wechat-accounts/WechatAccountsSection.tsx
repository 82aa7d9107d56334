import { bindWechatAccountRequestSchema, type WechatAccount, WECHAT_ACCOUNT_NAME_MAX } from '@tianma/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { INPUT_CLASS, LABEL_CLASS } from '../../components/account/form-styles';
import { useToast } from '../../components/toast/toast-context';
import { buttonClass } from '../../components/ui/button-styles';
import { queryKeys } from '../../lib/query-keys';
import { bindWechatAccount, fetchWechatAccounts, unbindWechatAccount } from './wechat-accounts-api';

type Field = 'appId' | 'appSecret' | 'name';
type FieldErrors = Partial<Record<Field, string>>;

const HELP_PLACE = '公众号后台「设置与开发 → 基本配置」';

/** 公众号 (profile page): the official accounts bound for publishing to their draft box (decision 073). */
export function WechatAccountsSection() {
  const accounts = useQuery({ queryKey: queryKeys.wechatAccounts, queryFn: ({ signal }) => fetchWechatAccounts(signal) });

  return (
    <section aria-labelledby="wechat-accounts" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="wechat-accounts" className="font-semibold text-slate-900">
        公众号
      </h2>
      <div className="mt-3">
        <AccountList query={accounts} />
      </div>
      <BindForm />
    </section>
  );
}

function AccountList({ query }: { query: ReturnType<typeof useQuery<WechatAccount[]>> }) {
  const { data, error } = query;
  if (!data) {
    if (!error || query.isFetching) return <p className="py-4 text-center text-sm text-slate-400">加载中...</p>;
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
      <div className="rounded-xl bg-slate-50 p-4 text-sm leading-6 text-slate-600">
        <p className="font-medium text-slate-800">还没有绑定公众号</p>
        <p className="mt-1">绑定后，写好的文章可以一键发到公众号的草稿箱，再到公众号后台群发。</p>
        <p className="mt-1">
          需要准备：{HELP_PLACE}中的开发者ID（AppID）和开发者密码（AppSecret），并把本站服务器的 IP 加入同一页的「IP白名单」。
        </p>
      </div>
    );
  }
  return (
    <ul aria-label="已绑定的公众号" className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {data.map((account) => (
        <AccountRow key={account.accountId} account={account} />
      ))}
    </ul>
  );
}

function AccountRow({ account }: { account: WechatAccount }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const unbind = useMutation({
    mutationFn: () => unbindWechatAccount(account.accountId),
    onSuccess: async () => {
      toast.info(`已解除绑定「${account.name}」`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.wechatAccounts });
    },
  });

  return (
    <li className="p-3 sm:p-4">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900">{account.name}</p>
          <p className="truncate text-sm text-slate-500">AppID：{account.appId}</p>
        </div>
        {!confirming && (
          <button type="button" onClick={() => setConfirming(true)} className={buttonClass('secondary', 'shrink-0 px-3 py-1.5')}>
            解除绑定
          </button>
        )}
      </div>
      {confirming && (
        <fieldset aria-label={`确认解除绑定「${account.name}」`} className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-700">
          <p>解除后不能再发文章到这个公众号的草稿箱，已发的草稿不受影响。</p>
          {unbind.error && (
            <p role="alert" className="mt-2 font-medium">
              {unbind.error.message}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => unbind.mutate()}
              disabled={unbind.isPending}
              className={buttonClass('primary', 'bg-red-600 px-4 py-1.5 hover:bg-red-500')}
            >
              {unbind.isPending ? '解除中...' : '确认解除'}
            </button>
            <button type="button" onClick={() => setConfirming(false)} disabled={unbind.isPending} className={buttonClass('secondary', 'px-4 py-1.5')}>
              取消
            </button>
          </div>
        </fieldset>
      )}
    </li>
  );
}

function BindForm() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const ids = useId();
  // The AppSecret lives in this component's state only: sent once, never cached or stored.
  const [values, setValues] = useState<Record<Field, string>>({ appId: '', appSecret: '', name: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(undefined);
    const parsed = bindWechatAccountRequestSchema.safeParse({ ...values, name: values.name.trim() ? values.name : undefined });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setPending(true);
    try {
      const account = await bindWechatAccount(parsed.data);
      setValues({ appId: '', appSecret: '', name: '' });
      toast.success(`已绑定「${account.name}」`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.wechatAccounts });
    } catch (error) {
      setServerError(error instanceof Error ? error.message : '绑定失败，请稍后重试');
    } finally {
      setPending(false);
    }
  };

  const field = (name: Field, label: string, input: Record<string, unknown>) => {
    const id = `${ids}-${name}`;
    const errorId = `${id}-error`;
    return (
      <div>
        <label htmlFor={id} className={LABEL_CLASS}>
          {label}
        </label>
        <input
          id={id}
          value={values[name]}
          onChange={change(name)}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? errorId : undefined}
          className={`${INPUT_CLASS} mt-1.5`}
          {...input}
        />
        {errors[name] && (
          <p id={errorId} className="mt-1 text-sm text-red-600">
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="绑定公众号" className="mt-5 space-y-4 border-t border-slate-100 pt-5">
      <h3 className="text-sm font-semibold text-slate-800">绑定公众号</h3>
      {field('appId', '开发者ID（AppID）', { autoComplete: 'off', spellCheck: false, placeholder: 'wx 开头的 18 位字符' })}
      {field('appSecret', '开发者密码（AppSecret）', { type: 'password', autoComplete: 'new-password', placeholder: '32 位字母或数字' })}
      {field('name', '名称（选填）', { autoComplete: 'off', maxLength: WECHAT_ACCOUNT_NAME_MAX, placeholder: '不填则显示 AppID' })}
      <p className="text-xs leading-5 text-slate-500">均在{HELP_PLACE}中查看；AppSecret 只用于向微信验证并加密保存，不会显示出来。</p>
      {serverError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {serverError}
        </p>
      )}
      <button type="submit" disabled={pending} className={buttonClass('primary', 'w-full sm:w-auto')}>
        {pending ? '验证中...' : '绑定'}
      </button>
    </form>
  );
}

export default WechatAccountsSection;
