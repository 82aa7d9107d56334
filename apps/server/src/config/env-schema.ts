import { COINS_PER_ARTICLE } from '@tianma/shared';
import { z } from 'zod';

/**
 * Every setting the server reads from the environment, validated once at boot. Provider
 * settings join this schema as their adapters land. Nothing here is sent to the browser.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Namespaces every key and channel this deployment uses in Redis, so two deployments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'REDIS_PREFIX 只能包含字母、数字、点、下划线和连字符（最多 64 个）')
    .default('tianma'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  /** Bearer token for GET /metrics; unset: /metrics answers loopback and private-network callers only. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN 至少 16 个字符').optional(),
  /** A worker process (--role=worker) serves /healthz, /readyz and /metrics on this port when set. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  WEB_DIST_DIR: z.string().optional(),

  /** Keys the HMAC of verification codes; required in production, generated under DATA_DIR otherwise. */
  APP_SECRET: z.string().min(32, 'APP_SECRET 至少 32 个字符').optional(),

  SMS_PROVIDER: z.enum(['outbox', 'aliyun', 'tencent']).default('outbox'),
  EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  /** Lets the dev outbox run with NODE_ENV=production (a staging site without real senders). */
  ALLOW_DEV_OUTBOX: booleanFlag.default(false),
  /**
   * Tests only: seconds between two verification codes to one phone or e-mail instead of 60, so
   * a browser test can send an account its second code without waiting. Refused with
   * NODE_ENV=production, where the interval is always 60 s.
   */
  TEST_CODE_RESEND_SECONDS: z.coerce.number().int().min(1).max(60).optional(),

  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z.string().default('dysmsapi.aliyuncs.com'),

  TENCENT_SMS_SECRET_ID: z.string().optional(),
  TENCENT_SMS_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_SDK_APP_ID: z.string().optional(),
  TENCENT_SMS_SIGN_NAME: z.string().optional(),
  TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
  TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: z.string().default('sms.tencentcloudapi.com'),

  /** Any OpenAI-compatible chat API (DeepSeek, Qwen/DashScope, Moonshot, GLM, Doubao, Ollama, vLLM). */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  /** Optional separate models for the outline and for section writing. */
  LLM_OUTLINE_MODEL: z.string().optional(),
  LLM_WRITING_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  /** Price in yuan per million prompt / completion tokens, to record each task's cost. */
  LLM_PRICE_PROMPT_PER_MILLION: z.coerce.number().min(0).optional(),
  LLM_PRICE_COMPLETION_PER_MILLION: z.coerce.number().min(0).optional(),
  LLM_PRICE_CACHED_PROMPT_PER_MILLION: z.coerce.number().min(0).optional(),
  /** Lets the offline composer write articles with NODE_ENV=production (a staging site). */
  ALLOW_OFFLINE_COMPOSER: booleanFlag.default(false),

  /** Coins reserved (and charged) per article, the same for every article (decision 053); the shared price by default. */
  GENERATION_COST_COINS: z.coerce.number().int().min(1).max(100000).default(COINS_PER_ARTICLE),
  /** Tasks one worker process runs at once. */
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * A running task whose worker has been silent this long is taken to have lost its worker and
   * goes back to the queue; heartbeats, the sweep and the requeue run at fractions of it.
   */
  GENERATION_STALE_AFTER_MS: z.coerce.number().int().min(2000).max(3_600_000).default(120_000),
  /** Sections researched or written at once within a task. */
  GENERATION_SECTION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(4),

  /** Any OpenAI-compatible embeddings API; when set, knowledge-base search is hybrid (BM25 + vectors). */
  EMBEDDINGS_BASE_URL: z.url().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  EMBEDDINGS_MODEL: z.string().optional(),
  /** Texts per embeddings call (DashScope allows 10, OpenAI far more). */
  EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(10),

  SEARCH_PROVIDER: z.enum(['bocha', 'tavily', 'searxng']).optional(),
  SEARCH_API_KEY: z.string().optional(),
  SEARCH_BASE_URL: z.url().optional(),
  /** Search results whose pages are read for their main text when the snippet is short; 0 keeps snippets only. */
  SEARCH_READ_PAGES: z.coerce.number().int().min(0).max(10).default(4),

  /** Stock photos for the image search (issue 18): a source is on when its key is set; the bases are for tests and proxies. */
  PIXABAY_API_KEY: z.string().optional(),
  PIXABAY_API_BASE: z.url({ protocol: /^https?$/ }).default('https://pixabay.com/api/'),
  PEXELS_API_KEY: z.string().optional(),
  PEXELS_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.pexels.com/v1'),

  IMAGE_PROVIDER: z.enum(['cards', 'openai']).default('cards'),
  IMAGE_BASE_URL: z.url().optional(),
  IMAGE_API_KEY: z.string().optional(),
  IMAGE_MODEL: z.string().optional(),
  /** Worker threads that draw the built-in cards; 0 draws them on the main thread. */
  IMAGE_WORKERS: z.coerce.number().int().min(0).max(8).default(1),

  PAYMENT_PROVIDER: z.enum(['sandbox', 'wechat']).default('sandbox'),
  /** Lets the sandbox payment run with NODE_ENV=production (a staging site). */
  ALLOW_SANDBOX_PAYMENT: booleanFlag.default(false),
  WECHATPAY_MCHID: z.string().optional(),
  WECHATPAY_APPID: z.string().optional(),
  WECHATPAY_MCH_SERIAL_NO: z.string().optional(),
  /** The merchant private key, PEM text (\n escapes allowed) … */
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  /** … or a path to the PEM file. */
  WECHATPAY_PRIVATE_KEY_PATH: z.string().optional(),
  WECHATPAY_API_V3_KEY: z.string().optional(),
  /** Public-key mode: the key id (PUB_KEY_ID_…) and the WeChat Pay public key (PEM or path). */
  WECHATPAY_PUBLIC_KEY_ID: z.string().optional(),
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY_PATH: z.string().optional(),
  /** Platform-certificate mode: paths of the platform certificates, comma separated. */
  WECHATPAY_PLATFORM_CERT_PATHS: z.string().optional(),
  WECHATPAY_BASE_URL: z.url().default('https://api.mch.weixin.qq.com'),
  /** Defaults to PUBLIC_URL + /api/account/pay/notify/wechat (must be HTTPS for WeChat). */
  WECHATPAY_NOTIFY_URL: z.url().optional(),

  /**
   * The official account (公众号) behind the JS-SDK share signature. WECHAT_APP_ID falls back to
   * WECHATPAY_APPID when that is the same official account; the JS-SDK is on once the secret is set.
   */
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.weixin.qq.com'),
  /** The official-account API for accounts users bind for draft-box publishing (tests point it at a fake). */
  WECHAT_MP_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.weixin.qq.com'),

  /** Where avatars, article images and knowledge-base files live: `local` (DATA_DIR/files) or an S3-compatible bucket. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** Unset for AWS S3; MinIO, Aliyun OSS, Tencent COS: their endpoint (https://oss-cn-hangzhou.aliyuncs.com). */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET 不是有效的存储桶名').optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** true: https://host/bucket/key (MinIO and most self-hosted servers); false: https://bucket.host/key. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** A folder inside the bucket for every key (e.g. tianma/prod). */
  S3_PREFIX: z
    .string()
    .regex(/^\/*[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/*$/, 'S3_PREFIX 只能包含字母、数字、点、下划线、连字符和 /')
    .refine((value) => !value.split('/').includes('..'), 'S3_PREFIX 不能包含 ..')
    .optional(),

  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_FROM: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;
