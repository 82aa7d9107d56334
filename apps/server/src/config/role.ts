export type Role = 'all' | 'api' | 'worker';

/**
 * `--role=api|worker|all` (default all): an api process answers HTTP and queues tasks; a worker
 * runs tasks and the sweepers; `all` does both in one process (the embedded default).
 */
export function parseRole(argv: readonly string[]): Role {
  const arg = argv.find((item) => item.startsWith('--role='));
  const role = arg ? arg.slice('--role='.length) : 'all';
  if (role === 'all' || role === 'api' || role === 'worker') return role;
  throw new Error(`未知的角色 ${role}：--role 只能是 all、api 或 worker`);
}
