import { describe, expect, it } from 'vitest';
import { initialFields, keyKept, providerChange } from './provider-change';
import type { ProviderInfo } from './providers-api';

const info = (kind: string, overrides: Partial<ProviderInfo> = {}): ProviderInfo => ({
  kind,
  label: kind,
  source: 'default',
  switchable: true,
  provider: 'none',
  baseUrl: '',
  model: null,
  keySet: false,
  status: 'off',
  ...overrides,
});

describe('the providers form’s body', () => {
  it('builds the embeddings body with or without a key, and trims what was typed', () => {
    const fields = { ...initialFields(info('embeddings', { provider: 'local' })), baseUrl: ' http://emb:8080/v1 ', model: ' bge-m3 ', reason: '' };
    expect(providerChange(info('embeddings'), fields, '')).toEqual({ kind: 'embeddings', provider: 'openai-compatible', baseUrl: 'http://emb:8080/v1', model: 'bge-m3', reason: undefined });
    expect(providerChange(info('embeddings'), fields, 'k')).toMatchObject({ apiKey: 'k' });
    expect(providerChange(info('embeddings'), { ...fields, model: ' ' }, '')).toEqual({ problem: '请填写模型名' });
  });

  it('needs an images key only until one is stored', () => {
    const fields = { baseUrl: 'https://api.openai.com/v1', model: 'gpt-image-1', reason: '换用 OpenAI' };
    expect(providerChange(info('images', { provider: 'cards' }), fields, '')).toEqual({ problem: '请填写密钥' });
    expect(providerChange(info('images', { source: 'console', provider: 'openai', keySet: true }), fields, '')).toEqual({
      kind: 'images',
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-image-1',
      reason: '换用 OpenAI',
    });
    expect(providerChange(info('images'), { ...fields, baseUrl: '' }, 'k')).toEqual({ problem: '请填写接口地址' });
  });

  it('keeps a stock key only for the service it belongs to, and leaves out an empty address', () => {
    const stored = info('stock', { source: 'console', provider: 'pixabay', keySet: true });
    expect(initialFields(stored).provider).toBe('pixabay');
    expect(initialFields(info('stock', { provider: 'pixabay+pexels' })).provider).toBe('pixabay');
    expect(keyKept(stored, { provider: 'pixabay' })).toBe(true);
    expect(keyKept(stored, { provider: 'pexels' })).toBe(false);
    expect(providerChange(stored, { provider: 'pixabay', baseUrl: '' }, '')).toEqual({ kind: 'stock', provider: 'pixabay', reason: undefined });
    expect(providerChange(stored, { provider: 'pexels', baseUrl: '' }, '')).toEqual({ problem: '请填写密钥' });
    expect(providerChange(stored, { provider: 'pexels', baseUrl: 'https://px.example.com' }, 'px')).toEqual({
      kind: 'stock',
      provider: 'pexels',
      baseUrl: 'https://px.example.com',
      apiKey: 'px',
      reason: undefined,
    });
  });

  it('keeps a search key for the same service only', () => {
    const stored = info('search', { source: 'console', provider: 'tavily', keySet: true });
    expect(providerChange(stored, { provider: 'tavily', baseUrl: '' }, '')).toEqual({ kind: 'search', provider: 'tavily', baseUrl: '', reason: undefined });
    expect(providerChange(stored, { provider: 'bocha', baseUrl: '' }, '')).toEqual({ problem: '请填写密钥' });
    expect(providerChange(stored, { provider: 'searxng', baseUrl: 'https://searx.example.com' }, '')).toMatchObject({ provider: 'searxng' });
  });

  it('sends nothing for a kind it has no form for', () => {
    expect(providerChange(info('speech'), {}, 'k')).toEqual({ problem: '该服务暂不支持在控制台切换' });
  });
});
