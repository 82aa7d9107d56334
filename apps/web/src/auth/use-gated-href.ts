import { useAuth } from './auth-context';

/**
 * Where a call to action leads: its target for signed-in users, /login for visitors
 * (docs/decisions/004-calls-to-action-follow-login-state.md).
 */
export function useGatedHref(): (target: string) => string {
  const { user } = useAuth();
  return (target) => (user ? target : '/login');
}
