import type { User } from '@tianma/shared';
import { vi } from 'vitest';
import type { AuthState } from '../auth/auth-context';

export function sampleUser(overrides: Partial<User> = {}): User {
  return {
    username: 'alice',
    userType: 'basic',
    deepspaceId: 7,
    userAuth: { level: 0, coinBalance: 300 },
    ...overrides,
  };
}

export function proUser(): User {
  return sampleUser({ userType: 'pro', userAuth: { level: 1, coinBalance: 3800 } });
}

/** An auth state without the provider's /me call; signed out and loaded unless told otherwise. */
export function fakeAuth(overrides: Partial<AuthState> = {}): AuthState {
  return {
    user: null,
    loading: false,
    isPro: false,
    refresh: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    ...overrides,
  };
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}
