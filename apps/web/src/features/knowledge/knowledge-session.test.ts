import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../generation/tracking-fakes';
import {
  clearSessionIdOncePerBrowserSession,
  PAGE_LOADED_KEY,
  readSessionId,
  removeSessionId,
  SESSION_ID_KEY,
  storeSessionId,
} from './knowledge-session';

describe('stored session id', () => {
  it('is kept under knowledgeBaseSessionId', () => {
    const local = new MemoryStorage();
    expect(readSessionId(local)).toBeNull();
    storeSessionId(local, 'kb-1');
    expect(local.getItem('knowledgeBaseSessionId')).toBe('kb-1');
    expect(SESSION_ID_KEY).toBe('knowledgeBaseSessionId');
    expect(readSessionId(local)).toBe('kb-1');
    removeSessionId(local);
    expect(readSessionId(local)).toBeNull();
  });

  it('reads a blank value as none and survives blocked storage', () => {
    const local = new MemoryStorage();
    local.setItem(SESSION_ID_KEY, '  ');
    expect(readSessionId(local)).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readSessionId(blocked)).toBeNull();
    expect(() => storeSessionId(blocked, 'x')).not.toThrow();
    expect(() => removeSessionId(blocked)).not.toThrow();
    expect(readSessionId(null)).toBeNull();
  });
});

describe('clearSessionIdOncePerBrowserSession', () => {
  it('clears on the first page load of a browser session only', () => {
    const local = new MemoryStorage();
    const tab = new MemoryStorage();
    local.setItem(SESSION_ID_KEY, 'from-yesterday');

    expect(clearSessionIdOncePerBrowserSession(local, tab)).toBe(true);
    expect(local.getItem(SESSION_ID_KEY)).toBeNull();
    expect(tab.getItem(PAGE_LOADED_KEY)).toBe('1');

    // A session made on this page survives the next loads (reloads, navigations) in the same browser session.
    local.setItem(SESSION_ID_KEY, 'kb-today');
    expect(clearSessionIdOncePerBrowserSession(local, tab)).toBe(false);
    expect(local.getItem(SESSION_ID_KEY)).toBe('kb-today');

    // A new browser session (fresh sessionStorage) clears again.
    expect(clearSessionIdOncePerBrowserSession(local, new MemoryStorage())).toBe(true);
    expect(local.getItem(SESSION_ID_KEY)).toBeNull();
  });

  it('leaves the id alone when session storage is unavailable', () => {
    const local = new MemoryStorage();
    local.setItem(SESSION_ID_KEY, 'kb-1');
    expect(clearSessionIdOncePerBrowserSession(local, null)).toBe(false);
    expect(local.getItem(SESSION_ID_KEY)).toBe('kb-1');
  });
});
