import { useCallback, useEffect, useRef, useState } from 'react';
import { type ToastApi, useToast } from '../../components/toast/toast-context';
import { type KnowledgeApi, knowledgeApi } from './knowledge-api';
import { createKnowledgeController, type KnowledgeController, type KnowledgeSelection } from './knowledge-controller';
import { browserStorages, clearSessionIdOncePerBrowserSession } from './knowledge-session';
import { initialKnowledgeState, type KnowledgeState } from './knowledge-state';

export interface KnowledgeBase {
  state: KnowledgeState;
  setEnabled(enabled: boolean): void;
  upload(files: readonly File[]): void;
  remove(fileId: string): void;
  build(): void;
  /** The current selection, read at submit. */
  selection(): KnowledgeSelection;
}

/**
 * One knowledge controller per mounted form (made in the effect, so StrictMode's second mount gets a
 * fresh one). The first mount in a browser session drops a stored session id from an earlier one.
 */
export function useKnowledgeBase(deepspaceId: string | null, api: KnowledgeApi = knowledgeApi): KnowledgeBase {
  const toast = useToast();
  const toastRef = useRef<ToastApi>(toast);
  toastRef.current = toast;
  const idRef = useRef(deepspaceId);
  idRef.current = deepspaceId;
  const apiRef = useRef(api);
  const controllerRef = useRef<KnowledgeController | null>(null);
  const [state, setState] = useState<KnowledgeState>(initialKnowledgeState);

  useEffect(() => {
    const { local, session } = browserStorages();
    clearSessionIdOncePerBrowserSession(local, session);
    const controller = createKnowledgeController({
      api: apiRef.current,
      storage: local,
      toast: (kind, message) => toastRef.current[kind](message),
      deepspaceId: () => idRef.current,
    });
    controllerRef.current = controller;
    const unsubscribe = controller.subscribe(setState);
    setState(controller.getState());
    return () => {
      unsubscribe();
      controller.dispose();
      if (controllerRef.current === controller) controllerRef.current = null;
    };
  }, []);

  const setEnabled = useCallback((enabled: boolean) => controllerRef.current?.setEnabled(enabled), []);
  const upload = useCallback((files: readonly File[]) => void controllerRef.current?.upload(files), []);
  const remove = useCallback((fileId: string) => void controllerRef.current?.remove(fileId), []);
  const build = useCallback(() => void controllerRef.current?.build(), []);
  const selection = useCallback(
    (): KnowledgeSelection => controllerRef.current?.selection() ?? { enabled: false, sessionId: null, documentIds: [] },
    [],
  );
  return { state, setEnabled, upload, remove, build, selection };
}
