import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { type AdminSession, adminKeys, fetchAdminSession } from './admin-api';
import { ConfirmPasswordModal } from './ConfirmPasswordModal';

/** The operator closed the password dialog: the action did not run, and nothing needs saying. */
export class StepUpCancelled extends Error {
  override readonly name = 'StepUpCancelled';
  constructor() {
    super('已取消');
  }
}

/** Runs a state-changing console call, asking for the password first when the confirmation has lapsed. */
export type RunConfirmed = <T>(call: () => Promise<T>) => Promise<T>;

const StepUpContext = createContext<RunConfirmed | null>(null);

/** A confirmation that ends within this long is asked for again rather than risked. */
const MARGIN_MS = 10_000;

const holds = (session: AdminSession | undefined) => Boolean(session?.confirmedUntil && Date.parse(session.confirmedUntil) - MARGIN_MS > Date.now());

/**
 * The console's step-up confirmation, in one place: every state-changing call goes through `run`.
 * When the session's confirmation (GET /api/admin/session) has lapsed, the password dialog opens
 * first; when the server still refuses with 403, the session call tells a lapsed confirmation
 * (`confirmedUntil: null`) from a withdrawn role, and for the first the dialog opens and the call
 * is repeated once.
 */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  // One dialog for every call waiting on it: two actions started together share the answer.
  const waiting = useRef<{ promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } | null>(null);

  const ask = useCallback(() => {
    if (!waiting.current) {
      let resolve!: () => void;
      let reject!: (error: Error) => void;
      const promise = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      waiting.current = { promise, resolve, reject };
      setAsking(true);
    }
    return waiting.current.promise;
  }, []);

  const settle = useCallback((outcome: { confirmedUntil: string } | null) => {
    const current = waiting.current;
    waiting.current = null;
    setAsking(false);
    if (outcome) {
      queryClient.setQueryData<AdminSession>(adminKeys.session, (session) => (session ? { ...session, confirmedUntil: outcome.confirmedUntil } : session));
      current?.resolve();
    } else {
      current?.reject(new StepUpCancelled());
    }
  }, [queryClient]);

  const run = useCallback<RunConfirmed>(
    async (call) => {
      if (!holds(queryClient.getQueryData<AdminSession>(adminKeys.session))) await ask();
      try {
        return await call();
      } catch (error) {
        // NOTE: ApiError keeps no `confirmRequired`; the session call says whether the confirmation lapsed.
        if (!(error instanceof ApiError) || error.status !== 403) throw error;
        const session = await queryClient.fetchQuery({ queryKey: adminKeys.session, queryFn: ({ signal }) => fetchAdminSession(signal), staleTime: 0 });
        if (session.confirmedUntil) throw error;
        await ask();
        return call();
      }
    },
    [ask, queryClient],
  );

  const value = useMemo(() => run, [run]);
  return (
    <StepUpContext.Provider value={value}>
      {children}
      {asking && <ConfirmPasswordModal onConfirmed={(confirmedUntil) => settle({ confirmedUntil })} onCancel={() => settle(null)} />}
    </StepUpContext.Provider>
  );
}

export function useStepUp(): RunConfirmed {
  const run = useContext(StepUpContext);
  if (!run) throw new Error('useStepUp 必须在 StepUpProvider 内使用');
  return run;
}
