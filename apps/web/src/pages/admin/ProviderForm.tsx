import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/account/TextField';
import { buttonClass } from '../../components/ui/button-styles';
import { adminKeys } from './admin-api';
import { errorMessage } from './admin-format';
import { initialFields, providerChange } from './provider-change';
import { ProviderFields } from './ProviderFields';
import { reembedStarted, testFailure } from './provider-labels';
import { type ProviderChange, type ProviderInfo, type ProviderTest, providerKeys, setProvider } from './providers-api';
import { StepUpCancelled, useStepUp } from './step-up';

function Outcome({ test }: { test: ProviderTest }) {
  const ok = test.status === 'ok' && test.saved;
  const pending = ok ? (test.reembed?.pending ?? 0) : 0;
  return (
    <p role="status" className={`rounded-lg px-3 py-2 text-sm ${ok ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-700'}`}>
      {ok ? `测试通过，已切换（耗时 ${test.latencyMs} ms）` : `测试失败：${testFailure(test.message)}（耗时 ${test.latencyMs} ms），未保存`}
      {pending > 0 && <span className="mt-1 block">{reembedStarted(pending)}</span>}
    </p>
  );
}

/**
 * A kind's settings: tested with a real call on the server, stored only when it passed. The key
 * lives in this form's state alone and is emptied after every submit.
 */
export function ProviderForm({ info }: { info: ProviderInfo }) {
  const queryClient = useQueryClient();
  const run = useStepUp();
  const [fields, setFields] = useState(() => initialFields(info));
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
    const body = providerChange(info, fields, apiKey);
    if ('problem' in body) {
      setProblem(body.problem);
      return;
    }
    setProblem(null);
    mutation.mutate(body);
  };

  // The images' test draws a real picture: it is slow and may cost a little, which is said first.
  const drawsPicture = info.kind === 'images';
  return (
    <form onSubmit={submit} aria-label={`修改${info.label}`} className="space-y-3 border-t border-slate-100 pt-4" noValidate>
      <ProviderFields info={info} fields={fields} set={set} apiKey={apiKey} setApiKey={setApiKey} />
      <TextField label="操作原因（选填）" autoComplete="off" maxLength={500} placeholder="将记入审计日志" value={fields.reason ?? ''} onChange={set('reason')} />
      {problem && <p className="text-sm text-amber-700">{problem}</p>}
      {mutation.isError && !(mutation.error instanceof StepUpCancelled) && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(mutation.error)}
        </p>
      )}
      {mutation.isSuccess && <Outcome test={mutation.data} />}
      {drawsPicture && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">测试会真实生成一张图片，约需 10–60 秒，可能产生少量费用。</p>}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p className="text-xs text-slate-500">保存前会用这些设置真实调用一次，测试通过才会切换。</p>
        <button type="submit" disabled={mutation.isPending} className={buttonClass('primary')}>
          {mutation.isPending ? (drawsPicture ? '测试中（生成图片可能需要一分钟）...' : '测试中...') : '测试并切换'}
        </button>
      </div>
    </form>
  );
}
