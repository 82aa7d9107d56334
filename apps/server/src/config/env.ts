import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads from the environment, validated once at boot. Provider
 * settings join this schema as their adapters land. Nothing here is sent to the browser.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_DIST_DIR: z.string().optional(),

  /** Keys the HMAC of verification codes; required in production, generated under DATA_DIR otherwise. */
  APP_SECRET: z.string().min(32, 'APP_SECRET 至少 32 个字符').optional(),

  SMS_PROVIDER: z.enum(['outbox', 'aliyun', 'tencent']).default('outbox'),
  EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  /** Lets the dev outbox run with NODE_ENV=production (a staging site without real senders). */
  ALLOW_DEV_OUTBOX: booleanFlag.default(false),

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

  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_FROM: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  databaseUrl?: string;
  redisUrl?: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  webDistDir: string;
  appSecret?: string;
  sms: SmsConfig;
  email: EmailConfig;
  allowDevOutbox: boolean;
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

export type EmailConfig = { provider: 'outbox' } | { provider: 'smtp'; url: string; from: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

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

  if (env.NODE_ENV === 'production') {
    if (!env.APP_SECRET) problems.push('  - APP_SECRET: 生产环境必须设置（至少 32 个字符的随机字符串）');
    if (sms.provider === 'outbox' && email.provider === 'outbox' && !env.ALLOW_DEV_OUTBOX) {
      problems.push(
        '  - SMS_PROVIDER / EMAIL_PROVIDER: 生产环境至少需要配置一个真实的验证码发送渠道（aliyun、tencent 或 smtp）；' +
          '确需使用开发信箱请设置 ALLOW_DEV_OUTBOX=true',
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(`配置无效 (invalid configuration):\n${problems.join('\n')}`);

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist')),
    appSecret: env.APP_SECRET,
    sms,
    email,
    allowDevOutbox: env.ALLOW_DEV_OUTBOX,
  };
}
