/**
 * The temporary knowledge base's session id in localStorage (content-creation §3), cleared once per
 * browser session: the first page load in a tab session drops an id left over from an earlier one,
 * later loads and navigations keep it.
 */

export const SESSION_ID_KEY = 'knowledgeBaseSessionId';
export const PAGE_LOADED_KEY = 'knowledgeBasePageLoaded';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readSessionId(storage: KeyValueStorage | null): string | null {
  try {
    const value = storage?.getItem(SESSION_ID_KEY);
    return value?.trim() ? value : null;
  } catch {
    return null;
  }
}

export function storeSessionId(storage: KeyValueStorage | null, sessionId: string): void {
  try {
    storage?.setItem(SESSION_ID_KEY, sessionId);
  } catch {
    // Blocked storage: the session lives as long as the page.
  }
}

export function removeSessionId(storage: KeyValueStorage | null): void {
  try {
    storage?.removeItem(SESSION_ID_KEY);
  } catch {
    // Nothing stored then.
  }
}

/** True when this call cleared (the first in this browser session); later calls leave the id alone. */
export function clearSessionIdOncePerBrowserSession(local: KeyValueStorage | null, session: KeyValueStorage | null): boolean {
  try {
    if (!session || session.getItem(PAGE_LOADED_KEY)) return false;
    session.setItem(PAGE_LOADED_KEY, '1');
  } catch {
    return false;
  }
  removeSessionId(local);
  return true;
}

export function browserStorages(): { local: KeyValueStorage | null; session: KeyValueStorage | null } {
  const get = (pick: () => Storage) => {
    try {
      return pick();
    } catch {
      return null;
    }
  };
  return { local: get(() => window.localStorage), session: get(() => window.sessionStorage) };
}
