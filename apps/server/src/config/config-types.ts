import type { Env } from './env-schema.js';

/** The validated settings, as the rest of the server sees them (built by loadConfig in env.ts). */
export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  metricsToken?: string;
  workerMetricsPort?: number;
  webDistDir: string;
  appSecret?: string;
  sms: SmsConfig;
  email: EmailConfig;
  allowDevOutbox: boolean;
  /** Time between two verification codes to one target: 60 s, shorter only through TEST_CODE_RESEND_SECONDS (never in production). */
  codeResendIntervalMs: number;
  payment: PaymentConfig;
  allowSandboxPayment: boolean;
  generation: { costCoins: number; concurrency: number; sectionConcurrency: number; staleAfterMs: number };
  /** Null: the offline composer writes (the embedded default). */
  llm: {
    baseUrl: string;
    apiKey: string;
    model: string;
    outlineModel?: string;
    writingModel?: string;
    timeoutMs: number;
    pricing?: { promptPerMillion: number; completionPerMillion: number; cachedPromptPerMillion?: number };
  } | null;
  search: { provider?: 'bocha' | 'tavily' | 'searxng'; apiKey?: string; baseUrl?: string; readPages: number };
  embeddings: { baseUrl: string; apiKey: string; model: string; batchSize: number } | null;
  /** Stock-photo APIs for the image search; null: that source is off (no key). */
  stock: { pixabay: StockApiConfig | null; pexels: StockApiConfig | null };
  /** `cardWorkers`: threads drawing the built-in cards (the default images and every adapter's fallback). */
  /** The official account for the JS-SDK share signature; null: WeChat sharing is off (the embedded default). */
  wechat: { appId: string; appSecret: string; apiBaseUrl: string } | null;
  /** Origin of the official-account API for the accounts users bind (publish/wechat-mp). */
  wechatMpApiBase: string;
  storage: StorageConfig;
  images: ({ provider: 'cards' } | { provider: 'openai'; baseUrl: string; apiKey: string; model: string }) & { cardWorkers: number };
}

export interface StockApiConfig {
  apiKey: string;
  baseUrl: string;
}

export type SmsConfig =
  | { provider: 'outbox' }
  | { provider: 'aliyun'; accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string; endpoint: string }
  | {
      provider: 'tencent';
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      signName: string;
      templateId: string;
      region: string;
      endpoint: string;
    };

export type PaymentConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'wechat';
      mchid: string;
      appid: string;
      merchantSerialNo: string;
      /** PEM text of the merchant private key. */
      privateKeyPem: string;
      apiV3Key: string;
      /** Public-key mode. */
      publicKeyId?: string;
      publicKeyPem?: string;
      /** Platform-certificate mode. */
      platformCertPems: string[];
      baseUrl: string;
      notifyUrl: string;
    };

export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      /** Without slashes at either end; empty for none. */
      prefix: string;
    };

export type EmailConfig = { provider: 'outbox' } | { provider: 'smtp'; url: string; from: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}
