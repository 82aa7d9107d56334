import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('runs with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 3000, host: '0.0.0.0', publicUrl: 'http://localhost:3000' });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
  });

  it('treats empty strings as unset and trims the public URL', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', PUBLIC_URL: 'https://tianma.example/' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://tianma.example');
  });

  it('lists every bad variable in one readable message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('NODE_ENV');
  });

  it('reads the Redis namespace and the stale-worker window, and refuses bad values', () => {
    expect(loadConfig({})).toMatchObject({ redisPrefix: 'tianma', generation: { staleAfterMs: 120_000 } });
    expect(loadConfig({ REDIS_PREFIX: 'tianma-staging', GENERATION_STALE_AFTER_MS: '15000' })).toMatchObject({
      redisPrefix: 'tianma-staging',
      generation: { staleAfterMs: 15_000 },
    });
    expect(() => loadConfig({ REDIS_PREFIX: 'a b:c' })).toThrow(/REDIS_PREFIX 只能包含字母、数字、点、下划线和连字符/);
    expect(() => loadConfig({ GENERATION_STALE_AFTER_MS: '500' })).toThrow(/GENERATION_STALE_AFTER_MS/);
  });
});

describe('the verification-code interval', () => {
  it('is 60 s unless TEST_CODE_RESEND_SECONDS shortens it, within 1–60 s', () => {
    expect(loadConfig({}).codeResendIntervalMs).toBe(60_000);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CODE_RESEND_SECONDS: '2' }).codeResendIntervalMs).toBe(2000);
    for (const bad of ['0', '61', '1.5', 'soon']) expect(() => loadConfig({ TEST_CODE_RESEND_SECONDS: bad })).toThrow(/TEST_CODE_RESEND_SECONDS/);
  });
});

describe('production safety', () => {
  const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), ALLOW_SANDBOX_PAYMENT: 'true', ALLOW_OFFLINE_COMPOSER: 'true' };

  it('refuses to start with only the dev outbox', () => {
    expect(() => loadConfig(production)).toThrow(/至少需要配置一个真实的验证码发送渠道/);
  });

  it('refuses to start without APP_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_DEV_OUTBOX: 'true' })).toThrow(/APP_SECRET/);
  });

  it('starts with a real sender, or with the outbox explicitly allowed', () => {
    expect(loadConfig({ ...production, ALLOW_DEV_OUTBOX: 'true' }).allowDevOutbox).toBe(true);
    const smtp = loadConfig({ ...production, EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://u:p@mail.example:587', SMTP_FROM: '天马 <no-reply@tianma.example>' });
    expect(smtp.email).toEqual({ provider: 'smtp', url: 'smtp://u:p@mail.example:587', from: '天马 <no-reply@tianma.example>' });
  });

  it('refuses the offline composer in production unless allowed, and takes a model', () => {
    const { ALLOW_OFFLINE_COMPOSER: _allowed, ...strict } = production;
    expect(() => loadConfig({ ...strict, ALLOW_DEV_OUTBOX: 'true' })).toThrow(/ALLOW_OFFLINE_COMPOSER/);
    const withModel = loadConfig({ ...strict, ALLOW_DEV_OUTBOX: 'true', LLM_BASE_URL: 'https://api.deepseek.com/v1', LLM_MODEL: 'deepseek-chat', LLM_API_KEY: 'sk-x' });
    expect(withModel.llm).toMatchObject({ baseUrl: 'https://api.deepseek.com/v1', model: 'deepseek-chat', apiKey: 'sk-x' });
    expect(() => loadConfig({ LLM_MODEL: 'qwen-plus' })).toThrow(/LLM_BASE_URL/);
    const priced = loadConfig({ LLM_BASE_URL: 'https://api.deepseek.com/v1', LLM_MODEL: 'deepseek-chat', LLM_PRICE_PROMPT_PER_MILLION: '2', LLM_PRICE_COMPLETION_PER_MILLION: '8', LLM_PRICE_CACHED_PROMPT_PER_MILLION: '0.2' });
    expect(priced.llm?.pricing).toEqual({ promptPerMillion: 2, completionPerMillion: 8, cachedPromptPerMillion: 0.2 });
  });

  it('refuses the test-only code interval in production', () => {
    expect(() => loadConfig({ ...production, ALLOW_DEV_OUTBOX: 'true', TEST_CODE_RESEND_SECONDS: '2' })).toThrow(/TEST_CODE_RESEND_SECONDS: 仅供测试使用，生产环境不能设置/);
    expect(loadConfig({ ...production, ALLOW_DEV_OUTBOX: 'true' }).codeResendIntervalMs).toBe(60_000);
  });

  it('refuses the sandbox payment in production unless allowed', () => {
    const { ALLOW_SANDBOX_PAYMENT: _allowed, ...strict } = production;
    expect(() => loadConfig({ ...strict, ALLOW_DEV_OUTBOX: 'true' })).toThrow(/生产环境不能使用沙箱支付/);
  });

  it('requires the WeChat Pay keys when WeChat Pay is chosen', () => {
    let message = '';
    try {
      loadConfig({ PAYMENT_PROVIDER: 'wechat', WECHATPAY_MCHID: '1900000001', WECHATPAY_API_V3_KEY: 'short' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['WECHATPAY_APPID', 'WECHATPAY_MCH_SERIAL_NO', 'WECHATPAY_PRIVATE_KEY', 'WECHATPAY_API_V3_KEY: 必须是 32 字节', 'WECHATPAY_PUBLIC_KEY']) {
      expect(message).toContain(name);
    }
  });

  it('names every missing setting of a chosen provider', () => {
    let message = '';
    try {
      loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'id' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('ALIYUN_SMS_ACCESS_KEY_SECRET');
    expect(message).toContain('ALIYUN_SMS_SIGN_NAME');
    expect(message).toContain('ALIYUN_SMS_TEMPLATE_CODE');
    expect(message).not.toContain('ALIYUN_SMS_ACCESS_KEY_ID:');
  });
});
