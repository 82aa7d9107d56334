import { SecretBox } from '../../platform/secret-box.js';

export type { SecretBox };

/**
 * The box of bound accounts' AppSecrets (decision 073): the server's general box under this
 * purpose, unchanged since the first binding, so that stored secrets still open.
 */
export const accountSecretBox = (appSecret: string) => new SecretBox(appSecret, 'tianma/wechat-mp/account-secret/v1');
