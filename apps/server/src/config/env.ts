import fs from 'node:fs';
import path from 'node:path';
import { CODE_RESEND_SECONDS } from '@tianma/shared';
import { type Config, ConfigError, type EmailConfig, type PaymentConfig, type SmsConfig, type StorageConfig } from './config-types.js';
import { type Env, envSchema } from './env-schema.js';

export type { Env } from './env-schema.js';
export * from './config-types.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Parses the environment; throws ConfigError listing every bad variable at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as they do in most .env files and compose files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigError(`配置无效 (invalid configuration):\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const problems: string[] = [];
  const required = (name: keyof Env, why: string): string => {
    const value = env[name];
    if (typeof value !== 'string' || value === '') problems.push(`  - ${name}: ${why}`);
    return String(value ?? '');
  };

  let sms: SmsConfig = { provider: 'outbox' };
  if (env.SMS_PROVIDER === 'aliyun') {
    const why = 'SMS_PROVIDER=aliyun 时必填';
    sms = {
      provider: 'aliyun',
      accessKeyId: required('ALIYUN_SMS_ACCESS_KEY_ID', why),
      accessKeySecret: required('ALIYUN_SMS_ACCESS_KEY_SECRET', why),
      signName: required('ALIYUN_SMS_SIGN_NAME', why),
      templateCode: required('ALIYUN_SMS_TEMPLATE_CODE', why),
      endpoint: env.ALIYUN_SMS_ENDPOINT,
    };
  } else if (env.SMS_PROVIDER === 'tencent') {
    const why = 'SMS_PROVIDER=tencent 时必填';
    sms = {
      provider: 'tencent',
      secretId: required('TENCENT_SMS_SECRET_ID', why),
      secretKey: required('TENCENT_SMS_SECRET_KEY', why),
      sdkAppId: required('TENCENT_SMS_SDK_APP_ID', why),
      signName: required('TENCENT_SMS_SIGN_NAME', why),
      templateId: required('TENCENT_SMS_TEMPLATE_ID', why),
      region: env.TENCENT_SMS_REGION,
      endpoint: env.TENCENT_SMS_ENDPOINT,
    };
  }
  let email: EmailConfig = { provider: 'outbox' };
  if (env.EMAIL_PROVIDER === 'smtp') {
    const why = 'EMAIL_PROVIDER=smtp 时必填';
    email = { provider: 'smtp', url: required('SMTP_URL', why), from: required('SMTP_FROM', why) };
  }

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  let payment: PaymentConfig = { provider: 'sandbox' };
  if (env.PAYMENT_PROVIDER === 'wechat') {
    const why = 'PAYMENT_PROVIDER=wechat 时必填';
    const pem = (text: string | undefined, file: string | undefined, name: string): string | undefined => {
      if (text) return text.replace(/\\n/g, '\n');
      if (!file) return undefined;
      try {
        return fs.readFileSync(file, 'utf8');
      } catch {
        problems.push(`  - ${name}: 无法读取文件 ${file}`);
        return undefined;
      }
    };
    const privateKeyPem = pem(env.WECHATPAY_PRIVATE_KEY, env.WECHATPAY_PRIVATE_KEY_PATH, 'WECHATPAY_PRIVATE_KEY_PATH');
    if (!privateKeyPem) problems.push(`  - WECHATPAY_PRIVATE_KEY 或 WECHATPAY_PRIVATE_KEY_PATH: ${why}`);
    const apiV3Key = required('WECHATPAY_API_V3_KEY', why);
    if (apiV3Key && Buffer.byteLength(apiV3Key) !== 32) problems.push('  - WECHATPAY_API_V3_KEY: 必须是 32 字节的 APIv3 密钥');
    const publicKeyPem = pem(env.WECHATPAY_PUBLIC_KEY, env.WECHATPAY_PUBLIC_KEY_PATH, 'WECHATPAY_PUBLIC_KEY_PATH');
    const platformCertPems = (env.WECHATPAY_PLATFORM_CERT_PATHS ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((file) => pem(undefined, file, 'WECHATPAY_PLATFORM_CERT_PATHS') ?? '')
      .filter(Boolean);
    if (publicKeyPem && !env.WECHATPAY_PUBLIC_KEY_ID) problems.push('  - WECHATPAY_PUBLIC_KEY_ID: 使用微信支付公钥时必填（PUB_KEY_ID_…）');
    if (!publicKeyPem && platformCertPems.length === 0) {
      problems.push('  - WECHATPAY_PUBLIC_KEY / WECHATPAY_PLATFORM_CERT_PATHS: 需要微信支付公钥或平台证书，用于验证回调签名');
    }
    const notifyUrl = env.WECHATPAY_NOTIFY_URL ?? `${publicUrl}/api/account/pay/notify/wechat`;
    if (env.NODE_ENV === 'production' && !notifyUrl.startsWith('https://')) problems.push('  - WECHATPAY_NOTIFY_URL: 微信支付回调地址必须是 HTTPS');
    payment = {
      provider: 'wechat',
      mchid: required('WECHATPAY_MCHID', why),
      appid: required('WECHATPAY_APPID', why),
      merchantSerialNo: required('WECHATPAY_MCH_SERIAL_NO', why),
      privateKeyPem: privateKeyPem ?? '',
      apiV3Key,
      publicKeyId: env.WECHATPAY_PUBLIC_KEY_ID,
      publicKeyPem,
      platformCertPems,
      baseUrl: env.WECHATPAY_BASE_URL,
      notifyUrl,
    };
  }

  if ((env.LLM_BASE_URL || env.LLM_MODEL) && !(env.LLM_BASE_URL && env.LLM_MODEL)) {
    problems.push('  - LLM_BASE_URL / LLM_MODEL: 配置大模型时两者都必须设置（Ollama 等无需密钥的服务可不设 LLM_API_KEY）');
  }
  const llm: Config['llm'] =
    env.LLM_BASE_URL && env.LLM_MODEL
      ? {
          baseUrl: env.LLM_BASE_URL,
          apiKey: env.LLM_API_KEY ?? '',
          model: env.LLM_MODEL,
          outlineModel: env.LLM_OUTLINE_MODEL,
          writingModel: env.LLM_WRITING_MODEL,
          timeoutMs: env.LLM_TIMEOUT_MS,
          pricing:
            env.LLM_PRICE_PROMPT_PER_MILLION !== undefined || env.LLM_PRICE_COMPLETION_PER_MILLION !== undefined
              ? {
                  promptPerMillion: env.LLM_PRICE_PROMPT_PER_MILLION ?? 0,
                  completionPerMillion: env.LLM_PRICE_COMPLETION_PER_MILLION ?? 0,
                  cachedPromptPerMillion: env.LLM_PRICE_CACHED_PROMPT_PER_MILLION,
                }
              : undefined,
        }
      : null;
  if ((env.EMBEDDINGS_BASE_URL || env.EMBEDDINGS_MODEL) && !(env.EMBEDDINGS_BASE_URL && env.EMBEDDINGS_MODEL)) {
    problems.push('  - EMBEDDINGS_BASE_URL / EMBEDDINGS_MODEL: 配置向量模型时两者都必须设置');
  }
  const embeddings: Config['embeddings'] =
    env.EMBEDDINGS_BASE_URL && env.EMBEDDINGS_MODEL
      ? { baseUrl: env.EMBEDDINGS_BASE_URL, apiKey: env.EMBEDDINGS_API_KEY ?? '', model: env.EMBEDDINGS_MODEL, batchSize: env.EMBEDDINGS_BATCH_SIZE }
      : null;
  if ((env.SEARCH_PROVIDER === 'bocha' || env.SEARCH_PROVIDER === 'tavily') && !env.SEARCH_API_KEY) {
    problems.push(`  - SEARCH_API_KEY: SEARCH_PROVIDER=${env.SEARCH_PROVIDER} 时必填`);
  }
  if (env.SEARCH_PROVIDER === 'searxng' && !env.SEARCH_BASE_URL) problems.push('  - SEARCH_BASE_URL: SEARCH_PROVIDER=searxng 时必填（SearXNG 实例地址）');
  let images: Config['images'] = { provider: 'cards', cardWorkers: env.IMAGE_WORKERS };
  if (env.IMAGE_PROVIDER === 'openai') {
    const why = 'IMAGE_PROVIDER=openai 时必填';
    images = {
      provider: 'openai',
      baseUrl: required('IMAGE_BASE_URL', why),
      apiKey: required('IMAGE_API_KEY', why),
      model: required('IMAGE_MODEL', why),
      cardWorkers: env.IMAGE_WORKERS,
    };
  }

  let wechat: Config['wechat'] = null;
  if (env.WECHAT_APP_SECRET) {
    const appId = env.WECHAT_APP_ID ?? env.WECHATPAY_APPID;
    if (!appId) problems.push('  - WECHAT_APP_ID: 设置 WECHAT_APP_SECRET 时必填（公众号的 AppID）');
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) problems.push('  - PUBLIC_URL: 使用微信分享时必填（只为本站域名的页面签名）');
    wechat = { appId: appId ?? '', appSecret: env.WECHAT_APP_SECRET, apiBaseUrl: env.WECHAT_API_BASE_URL };
  } else if (env.WECHAT_APP_ID) {
    problems.push('  - WECHAT_APP_SECRET: 设置 WECHAT_APP_ID 时必填（公众号的 AppSecret）');
  }

  let storage: StorageConfig = { driver: 'local' };
  const s3Names = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const;
  if (env.STORAGE_DRIVER === 's3') {
    const why = 'STORAGE_DRIVER=s3 时必填';
    storage = {
      driver: 's3',
      endpoint: env.S3_ENDPOINT,
      region: required('S3_REGION', `${why}（MinIO 可填 us-east-1）`),
      bucket: required('S3_BUCKET', why),
      accessKeyId: required('S3_ACCESS_KEY_ID', why),
      secretAccessKey: required('S3_SECRET_ACCESS_KEY', why),
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      prefix: (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, ''),
    };
  } else {
    // Half a configuration would quietly keep files on this machine's disk.
    const set = s3Names.filter((name) => env[name] !== undefined);
    if (set.length > 0) problems.push(`  - STORAGE_DRIVER: 已设置 ${set.join(', ')}，但 STORAGE_DRIVER 不是 s3；使用对象存储请设置 STORAGE_DRIVER=s3，否则删除这些变量`);
  }

  if (env.NODE_ENV === 'production') {
    if (!llm && !env.ALLOW_OFFLINE_COMPOSER) {
      problems.push('  - LLM_BASE_URL / LLM_MODEL: 生产环境需要配置大模型；确需使用离线写作器请设置 ALLOW_OFFLINE_COMPOSER=true');
    }
    if (payment.provider === 'sandbox' && !env.ALLOW_SANDBOX_PAYMENT) {
      problems.push('  - PAYMENT_PROVIDER: 生产环境不能使用沙箱支付，请配置 PAYMENT_PROVIDER=wechat；确需沙箱请设置 ALLOW_SANDBOX_PAYMENT=true');
    }
    if (!env.APP_SECRET) problems.push('  - APP_SECRET: 生产环境必须设置（至少 32 个字符的随机字符串）');
    if (env.TEST_CODE_RESEND_SECONDS !== undefined) {
      problems.push('  - TEST_CODE_RESEND_SECONDS: 仅供测试使用，生产环境不能设置（验证码发送间隔固定为 60 秒）');
    }
    if (sms.provider === 'outbox' && email.provider === 'outbox' && !env.ALLOW_DEV_OUTBOX) {
      problems.push(
        '  - SMS_PROVIDER / EMAIL_PROVIDER: 生产环境至少需要配置一个真实的验证码发送渠道（aliyun、tencent 或 smtp）；' +
          '确需使用开发信箱请设置 ALLOW_DEV_OUTBOX=true',
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(`配置无效 (invalid configuration):\n${problems.join('\n')}`);

  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    workerMetricsPort: env.WORKER_METRICS_PORT,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist')),
    appSecret: env.APP_SECRET,
    sms,
    email,
    allowDevOutbox: env.ALLOW_DEV_OUTBOX,
    codeResendIntervalMs: (env.TEST_CODE_RESEND_SECONDS ?? CODE_RESEND_SECONDS) * 1000,
    payment,
    allowSandboxPayment: env.ALLOW_SANDBOX_PAYMENT,
    generation: {
      costCoins: env.GENERATION_COST_COINS,
      concurrency: env.GENERATION_CONCURRENCY,
      sectionConcurrency: env.GENERATION_SECTION_CONCURRENCY,
      staleAfterMs: env.GENERATION_STALE_AFTER_MS,
    },
    llm,
    search: { provider: env.SEARCH_PROVIDER, apiKey: env.SEARCH_API_KEY, baseUrl: env.SEARCH_BASE_URL, readPages: env.SEARCH_READ_PAGES },
    embeddings,
    stock: {
      pixabay: env.PIXABAY_API_KEY ? { apiKey: env.PIXABAY_API_KEY, baseUrl: env.PIXABAY_API_BASE } : null,
      pexels: env.PEXELS_API_KEY ? { apiKey: env.PEXELS_API_KEY, baseUrl: env.PEXELS_API_BASE } : null,
    },
    wechat,
    wechatMpApiBase: env.WECHAT_MP_API_BASE,
    storage,
    images,
  };
}
