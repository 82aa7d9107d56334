/**
 * 记住密码 keeps only the username in the browser (docs/decisions/011-remember-me-without-password.md);
 * the password is never stored. Storage can be unavailable (private mode, quota): then nothing is remembered.
 */
export const REMEMBERED_USERNAME_KEY = 'rememberedUsername';

export function readRememberedUsername(): string {
  try {
    return window.localStorage.getItem(REMEMBERED_USERNAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveRememberedUsername(username: string | null): void {
  try {
    if (username) window.localStorage.setItem(REMEMBERED_USERNAME_KEY, username);
    else window.localStorage.removeItem(REMEMBERED_USERNAME_KEY);
  } catch {
    // Not remembering is harmless.
  }
}
