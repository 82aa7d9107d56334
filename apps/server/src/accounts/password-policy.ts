import { passwordIssues } from '@tianma/shared';
import { badRequest } from '../platform/errors.js';

/** The strength rules of the spec, enforced on the server for register, reset and change. */
export function assertStrongPassword(password: string): void {
  const issues = passwordIssues(password);
  if (issues.length > 0) throw badRequest(`密码强度不足：${issues.join('，')}`);
}
