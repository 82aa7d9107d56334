import { passwordIssues, passwordLengthProblem } from '@tianma/shared';
import { badRequest } from '../platform/errors.js';

/** The strength rules of the spec, enforced on the server when an account is registered. */
export function assertStrongPassword(password: string): void {
  const issues = passwordIssues(password);
  if (issues.length > 0) throw badRequest(`密码强度不足：${issues.join('，')}`);
}

/**
 * On a change or a reset the spec makes the strength advisory (accounts §5): the page shows it,
 * and the server holds only the minimum length (docs/decisions/051).
 */
export function assertPasswordLength(password: string): void {
  const problem = passwordLengthProblem(password);
  if (problem) throw badRequest(problem);
}
