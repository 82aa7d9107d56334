import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { INPUT_CLASS, LABEL_CLASS } from '../../components/account/form-styles';
import { TextField } from '../../components/account/TextField';
import { buttonClass } from '../../components/ui/button-styles';
import { adminKeys } from './admin-api';
import { errorMessage } from './admin-format';
import { testFailure } from './provider-labels';
import { type ProviderChange, type ProviderInfo, type ProviderTest, providerKeys, type SearchProvider, setProvider } from './providers-api';
import { StepUpCancelled, useStepUp } from './step-up';

const SEARCH_PROVIDERS: { value: SearchProvider; label: string }[] = [
  { value: 'bocha', label: '博查（bocha）' },
  { value: 'tavily', label: 'Tavily' },
  { value: 'searxng', label: 'SearXNG（自建实例）' },
];

const isSearchProvider = (value: string): value is SearchProvider => SEARCH_PROVIDERS.some((item) => item.value === value);

/** The fields as typed, or what is missing. */
function change(info: ProviderInfo, fields: Record<string, string>, apiKey: string): ProviderChange | { problem: string } {
  const optional = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);
  const reason = optional(fields.reason);
  const key = apiKey ? { apiKey } : {};
  if (info.kind === 'llm') {
    if (!fields.baseUrl?.trim()) return { problem: '请填写接口地址' };
    if (!fields.model?.trim()) return { problem: '请填写模型名' };
    const options = { outlineModel: optional(fields.outlineModel), writingModel: optional(fields.writingModel) };
    return { kind: 'llm', provider: 'openai-compatible', baseUrl: fields.baseUrl.trim(), model: fields.model.trim(), options, ...key, reason };
  }
  const provider = fields.provider as SearchProvider;
  const baseUrl = fields.baseUrl?.trim() ?? '';
  if (provider === 'searxng' && !baseUrl) return { problem: 'SearXNG 需要填写实例地址' };
  if (provider !== 'searxng' && !apiKey && !info.keySet) return { problem: '请填写密钥' };
  return { kind: 'search', provider, baseUrl, ...key, reason };
}

function Outcome({ test }: { test: ProviderTest }) {
  const ok = test.status === 'ok' && test.saved;
  return (
    <p role="status" className={`rounded-lg px-3 py-2 text-sm ${ok ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-700'}`}>
      {ok ? `测试通过，已切换（耗时 ${test.latencyMs} ms）` : `测试失败：${testFailure(test.message)}（耗时 ${test.latencyMs} ms），未保存`}
    </p>
  );
}

/**
 * The model's or web search's settings: tested with a real call on the server, stored only when it
 * passed. The key lives in this form's state alone and is emptied after every submit.
 */
export function ProviderForm({ info }: { info: ProviderInfo }) {
  const queryClient = useQueryClient();
  const run = useStepUp();
  const [fields, setFields] = useState<Record<string, string>>(() => ({
    baseUrl: info.baseUrl ?? '',
    model: info.model ?? '',
    outlineModel: info.options?.outlineModel ?? '',
    writingModel: info.options?.writingModel ?? '',
    provider: isSearchProvider(info.provider) ? info.provider : 'bocha',
    reason: '',
  }));
  const [apiKey, setApiKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const set = (name: string) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  const mutation = useMutation({
    mutationFn: (body: ProviderChange) => run(() => setProvider(body)),
    // NOTE: the body holds the key; the mutation cache must not keep it once the answer is in.
    gcTime: 0,
    onSettled: () => setApiKey(''),
    onSuccess: () => {
      setFields((current) => ({ ...current, reason: '' }));
      void queryClient.invalidateQueries({ queryKey: providerKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = change(info, fields, apiKey);
    if ('problem' in body) {
      setProblem(body.problem);
      return;
    }
    setProblem(null);
    mutation.mutate(body);
  };

  const isLlm = info.kind === 'llm';
  const keyPlaceholder = info.keySet ? '留空则保留已保存的密钥' : undefined;
  return (
    <form onSubmit={submit} aria-label={`修改${info.label}`} className="space-y-3 border-t border-slate-100 pt-4" noValidate>
      {!isLlm && (
        <div>
          <label htmlFor={`provider-${info.kind}`} className={LABEL_CLASS}>
            服务商
          </label>
          <select id={`provider-${info.kind}`} value={fields.provider} onChange={(event) => set('provider')(event.target.value)} className={`${INPUT_CLASS} mt-1.5`}>
            {SEARCH_PROVIDERS.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <TextField
        label={isLlm ? '接口地址' : fields.provider === 'searxng' ? '地址' : '地址（选填）'}
        type="url"
        autoComplete="off"
        placeholder={isLlm ? 'https://api.example.com/v1' : fields.provider === 'searxng' ? 'https://searx.example.com' : '留空使用官方地址'}
        value={fields.baseUrl ?? ''}
        onChange={set('baseUrl')}
      />
      <TextField label="密钥" type="password" autoComplete="new-password" placeholder={keyPlaceholder} value={apiKey} onChange={setApiKey} />
      {isLlm && (
        <>
          <TextField label="模型名" autoComplete="off" value={fields.model ?? ''} onChange={set('model')} />
          <TextField label="大纲模型（可选）" autoComplete="off" placeholder="留空则使用上面的模型" value={fields.outlineModel ?? ''} onChange={set('outlineModel')} />
          <TextField label="写作模型（可选）" autoComplete="off" placeholder="留空则使用上面的模型" value={fields.writingModel ?? ''} onChange={set('writingModel')} />
        </>
      )}
      <TextField label="操作原因（选填）" autoComplete="off" maxLength={500} placeholder="将记入审计日志" value={fields.reason ?? ''} onChange={set('reason')} />
      {problem && <p className="text-sm text-amber-700">{problem}</p>}
      {mutation.isError && !(mutation.error instanceof StepUpCancelled) && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(mutation.error)}
        </p>
      )}
      {mutation.isSuccess && <Outcome test={mutation.data} />}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p className="text-xs text-slate-500">保存前会用这些设置真实调用一次，测试通过才会切换。</p>
        <button type="submit" disabled={mutation.isPending} className={buttonClass('primary')}>
          {mutation.isPending ? '测试中...' : '测试并切换'}
        </button>
      </div>
    </form>
  );
}
