import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { beijingTime, errorMessage } from './admin-format';
import { NOTE, SMALL_BUTTON } from './admin-table';
import { hasForm } from './provider-change';
import { ProviderForm } from './ProviderForm';
import { ProviderReset } from './ProviderReset';
import { providerName, providerStatus, reembedQueue, SOURCE_LABELS } from './provider-labels';
import { fetchProviders, type ProviderInfo, providerKeys } from './providers-api';

const SOURCE_TONES: Record<ProviderInfo['source'], string> = {
  env: 'bg-amber-50 text-amber-800',
  console: 'bg-indigo-50 text-indigo-700',
  default: 'bg-slate-100 text-slate-600',
};

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <dt className="w-20 shrink-0 text-slate-500">{term}：</dt>
      <dd className="min-w-0 break-all text-slate-800">{children}</dd>
    </div>
  );
}

function ProviderCard({ info }: { info: ProviderInfo }) {
  const [editing, setEditing] = useState(false);
  const switchable = info.switchable && hasForm(info.kind);
  const editable = switchable && info.source !== 'env';
  const pending = info.reembed?.pending ?? 0;
  const models = [info.options?.outlineModel && `大纲 ${info.options.outlineModel}`, info.options?.writingModel && `写作 ${info.options.writingModel}`].filter(Boolean);
  return (
    <li aria-label={info.label} data-testid="provider-card" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{info.label}</h2>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${SOURCE_TONES[info.source]}`}>{SOURCE_LABELS[info.source] ?? info.source}</span>
      </div>
      <dl className="space-y-1.5 text-sm">
        <Row term="服务商">{providerName(info.provider)}</Row>
        <Row term="地址">{info.baseUrl || '—'}</Row>
        <Row term="模型">
          {info.model ?? '—'}
          {models.length > 0 && <span className="text-slate-500">（{models.join('，')}）</span>}
        </Row>
        <Row term="密钥">{info.keySet ? '已设置' : '未设置'}</Row>
        <Row term="状态">
          {providerStatus(info.status)}
          {info.latencyMs != null && <span className="text-slate-500">（测试耗时 {info.latencyMs} ms）</span>}
        </Row>
        {pending > 0 && <Row term="向量重建">{reembedQueue(pending)}</Row>}
        {info.updatedAt && <Row term="更新于">{beijingTime(info.updatedAt)}</Row>}
      </dl>
      {info.source === 'env' ? (
        <p className="text-xs text-slate-500">由环境变量配置，控制台无法修改</p>
      ) : !switchable ? (
        <p className="text-xs text-slate-500">暂不支持在控制台切换，请在环境变量中配置</p>
      ) : editing ? (
        <ProviderForm info={info} />
      ) : null}
      {(editable || info.source === 'console') && (
        <div className="flex flex-wrap gap-2">
          {editable && (
            <button type="button" className={SMALL_BUTTON} aria-expanded={editing} onClick={() => setEditing((open) => !open)}>
              {editing ? '收起' : '修改设置'}
            </button>
          )}
          {info.source === 'console' && <ProviderReset info={info} onReset={() => setEditing(false)} />}
        </div>
      )}
    </li>
  );
}

/** While knowledge bases wait for new vectors, the list is read again this often to show the queue shrink. */
const REEMBED_POLL_MS = 15_000;

/** 服务商: where each kind of service comes from, a tested switch for each, and a way back to the default. */
export function ProvidersTab() {
  const providers = useQuery({
    queryKey: providerKeys.all,
    queryFn: ({ signal }) => fetchProviders(signal),
    refetchInterval: (query) => (query.state.data?.some((info) => (info.reembed?.pending ?? 0) > 0) ? REEMBED_POLL_MS : false),
  });
  if (providers.isPending) return <p className={NOTE}>加载中...</p>;
  if (providers.isError)
    return (
      <p role="alert" className={NOTE}>
        {errorMessage(providers.error)}
      </p>
    );
  if (providers.data.length === 0) return <p className={NOTE}>没有可显示的服务</p>;
  return (
    <section aria-label="服务商" className="space-y-3">
      <p className="text-sm text-slate-500">环境变量的设置优先于控制台。各项服务都可在这里切换，切换前会先真实测试一次。</p>
      <ul className="grid gap-3 lg:grid-cols-2">
        {providers.data.map((info) => (
          <ProviderCard key={info.kind} info={info} />
        ))}
      </ul>
    </section>
  );
}
