import type { User } from '@tianma/shared';
import { createContext, useContext } from 'react';

export interface AuthState {
  user: User | null;
  /** True until the first answer of /me has arrived. */
  loading: boolean;
  /** Shapes the UI only; the server enforces Pro on its own. */
  isPro: boolean;
  /** Re-reads the signed-in user from the server (after sign-in, payment, profile changes). */
  refresh: () => Promise<void>;
  logout: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth 必须在 AuthProvider 内使用');
  return state;
}
