import { INPUT_CLASS, LABEL_CLASS } from '../../components/account/form-styles';
import { TextField } from '../../components/account/TextField';
import { keyKept, type ProviderFields as Fields, SEARCH_PROVIDERS, STOCK_PROVIDERS } from './provider-change';
import type { ProviderInfo } from './providers-api';

interface FieldsProps {
  info: ProviderInfo;
  fields: Fields;
  set: (name: string) => (value: string) => void;
  apiKey: string;
  setApiKey: (value: string) => void;
}

function ServiceSelect({ info, fields, set, choices }: Pick<FieldsProps, 'info' | 'fields' | 'set'> & { choices: { value: string; label: string }[] }) {
  return (
    <div>
      <label htmlFor={`provider-${info.kind}`} className={LABEL_CLASS}>
        服务商
      </label>
      <select id={`provider-${info.kind}`} value={fields.provider} onChange={(event) => set('provider')(event.target.value)} className={`${INPUT_CLASS} mt-1.5`}>
        {choices.map((item) => (
          <option key={item.value} value={item.value}>
            {item.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One kind's own fields (the reason and the buttons are ProviderForm's). The key is a password field, never filled in. */
export function ProviderFields({ info, fields, set, apiKey, setApiKey }: FieldsProps) {
  const kept = keyKept(info, fields);
  const keyPlaceholder = kept ? '留空则保留已保存的密钥' : info.kind === 'embeddings' ? '没有可留空' : undefined;
  const keyField = <TextField label="密钥" type="password" autoComplete="new-password" placeholder={keyPlaceholder} value={apiKey} onChange={setApiKey} />;
  const url = (label: string, placeholder: string) => (
    <TextField label={label} type="url" autoComplete="off" placeholder={placeholder} value={fields.baseUrl ?? ''} onChange={set('baseUrl')} />
  );
  const model = (placeholder?: string) => <TextField label="模型名" autoComplete="off" placeholder={placeholder} value={fields.model ?? ''} onChange={set('model')} />;

  switch (info.kind) {
    case 'llm':
      return (
        <>
          {url('接口地址', 'https://api.example.com/v1')}
          {keyField}
          {model()}
          <TextField label="大纲模型（可选）" autoComplete="off" placeholder="留空则使用上面的模型" value={fields.outlineModel ?? ''} onChange={set('outlineModel')} />
          <TextField label="写作模型（可选）" autoComplete="off" placeholder="留空则使用上面的模型" value={fields.writingModel ?? ''} onChange={set('writingModel')} />
        </>
      );
    case 'embeddings':
      return (
        <>
          {url('接口地址', 'https://api.example.com/v1')}
          {keyField}
          {model('bge-m3')}
          <p className="text-xs text-slate-500">切换向量模型后，已有知识库会在后台重建向量。</p>
        </>
      );
    case 'images':
      return (
        <>
          {url('接口地址', 'https://api.openai.com/v1')}
          {keyField}
          {model('gpt-image-1')}
        </>
      );
    case 'stock':
      return (
        <>
          <ServiceSelect info={info} fields={fields} set={set} choices={STOCK_PROVIDERS} />
          {url('地址（选填）', '留空使用官方地址')}
          {keyField}
        </>
      );
    default: {
      const searxng = fields.provider === 'searxng';
      return (
        <>
          <ServiceSelect info={info} fields={fields} set={set} choices={SEARCH_PROVIDERS} />
          {url(searxng ? '地址' : '地址（选填）', searxng ? 'https://searx.example.com' : '留空使用官方地址')}
          {keyField}
        </>
      );
    }
  }
}
