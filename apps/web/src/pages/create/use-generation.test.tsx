import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../auth/auth-context';
import { ToastProvider } from '../../components/toast/ToastProvider';
import { fakeAuth, sampleUser } from '../../test/fixtures';
import { testQueryClient } from '../../test/render';
import { LAST_RESULT_KEY } from '../../features/generation/last-result';
import { RUNNING_TASK_KEY } from '../../features/generation/running-task';
import { harness, REQUEST } from '../../features/generation/tracking-fakes';
import type { GenerateResponse, Tracker } from '../../features/generation/tracking-types';
import { generationFlags, type MakeTracker, useGeneration } from './use-generation';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={testQueryClient()}>
    <ToastProvider>{children}</ToastProvider>
  </QueryClientProvider>
);

/** Builds real trackers over the fake calls and keeps each one, with spies on resume and dispose. */
function trackers() {
  const made: Tracker[] = [];
  const make: MakeTracker = ({ toast, storage, resultStorage }) => {
    const { tracker } = harness({ toast, storage, resultStorage, startGeneration: vi.fn(() => new Promise<GenerateResponse>(() => {})) });
    vi.spyOn(tracker, 'resume');
    vi.spyOn(tracker, 'restore');
    vi.spyOn(tracker, 'dispose');
    made.push(tracker);
    return tracker;
  };
  return { made, make };
}

describe('useGeneration', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('shows the last finished article again after a reload, until the user starts another', async () => {
    localStorage.setItem(LAST_RESULT_KEY, JSON.stringify({ articleId: 'a5', taskId: 't5', settings: REQUEST }));
    const { made, make } = trackers();
    const { result } = renderHook(() => useGeneration(make), { wrapper });
    const tracker = made.at(-1)!;
    expect(tracker.restore).toHaveBeenCalledWith({ articleId: 'a5', taskId: 't5', settings: REQUEST });
    expect(tracker.resume).not.toHaveBeenCalled();
    await waitFor(() => expect(result.current.state).toMatchObject({ status: 'completed', articleId: 'a5', article: '# 文章' }));
    await act(async () => {
      void result.current.start(REQUEST);
    });
    expect(localStorage.getItem(LAST_RESULT_KEY)).toBeNull();
  });

  it("drops, unseen, a last result another account left in this browser", () => {
    localStorage.setItem(LAST_RESULT_KEY, JSON.stringify({ articleId: 'a5', taskId: 't5', settings: REQUEST }));
    const { made, make } = trackers();
    const signedIn = ({ children }: { children: ReactNode }) => (
      <AuthContext.Provider value={fakeAuth({ user: sampleUser({ deepspaceId: 7 }) })}>
        {wrapper({ children })}
      </AuthContext.Provider>
    );
    renderHook(() => useGeneration(make), { wrapper: signedIn });
    // REQUEST was made by deepspaceId 42.
    expect(made.at(-1)!.restore).not.toHaveBeenCalled();
    expect(localStorage.getItem(LAST_RESULT_KEY)).toBeNull();
  });

  it('prefers a running task over the last finished article', () => {
    localStorage.setItem(LAST_RESULT_KEY, JSON.stringify({ articleId: 'a5', taskId: 't5', settings: REQUEST }));
    sessionStorage.setItem(RUNNING_TASK_KEY, JSON.stringify({ taskId: 't1', articleId: 'a1', settings: REQUEST }));
    const { made, make } = trackers();
    renderHook(() => useGeneration(make), { wrapper });
    expect(made.at(-1)!.resume).toHaveBeenCalled();
    expect(made.at(-1)!.restore).not.toHaveBeenCalled();
  });

  it('resumes the task remembered for a reload and disposes the tracker on unmount', () => {
    sessionStorage.setItem(RUNNING_TASK_KEY, JSON.stringify({ taskId: 't1', articleId: 'a1', settings: REQUEST }));
    const { made, make } = trackers();
    const { result, unmount } = renderHook(() => useGeneration(make), { wrapper });
    const tracker = made.at(-1)!;
    expect(tracker.resume).toHaveBeenCalledWith('t1', { articleId: 'a1', settings: REQUEST });
    expect(result.current.state).toMatchObject({ status: 'search_and_extract', taskId: 't1', lastSettings: REQUEST });
    unmount();
    expect(tracker.dispose).toHaveBeenCalled();
  });

  it('starts idle without a remembered task', () => {
    const { made, make } = trackers();
    const { result } = renderHook(() => useGeneration(make), { wrapper });
    expect(made.at(-1)!.resume).not.toHaveBeenCalled();
    expect(result.current.state.status).toBe('idle');
  });

  it('follows a start, and reset swaps in a fresh idle tracker that forgets the run', async () => {
    const { made, make } = trackers();
    const { result } = renderHook(() => useGeneration(make), { wrapper });
    act(() => {
      void result.current.start(REQUEST);
    });
    expect(result.current.state.status).toBe('search_and_extract');
    expect(generationFlags(result.current.state)).toEqual({ generating: true, limited: false, locked: true });

    sessionStorage.setItem(RUNNING_TASK_KEY, JSON.stringify({ taskId: 't1', articleId: null, settings: REQUEST }));
    const first = made.at(-1)!;
    act(() => result.current.reset());
    expect(first.dispose).toHaveBeenCalled();
    expect(made.at(-1)).not.toBe(first);
    expect(made.at(-1)!.resume).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RUNNING_TASK_KEY)).toBeNull();
    expect(result.current.state.status).toBe('idle');
  });
});

describe('generationFlags', () => {
  const base = harness().state();

  it('locks only while a step runs, and a limit stands on its own', () => {
    expect(generationFlags(base)).toEqual({ generating: false, limited: false, locked: false });
    expect(generationFlags({ ...base, status: 'completed', isLoading: true })).toEqual({ generating: true, limited: false, locked: false });
    expect(generationFlags({ ...base, status: 'error', businessLimit: true })).toEqual({ generating: false, limited: true, locked: false });
    expect(generationFlags({ ...base, status: 'some_new_step' }).locked).toBe(true);
  });
});
