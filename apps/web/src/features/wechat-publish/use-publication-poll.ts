import { useEffect, useRef } from 'react';
import { fetchPublication, type Publication } from './publish-api';

/** How often a publication WeChat is still publishing is asked about again. */
export const POLL_INTERVAL_MS = 5000;

/**
 * While `publication` is `submitted`, asks the server (which asks WeChat) every 5 s and hands each
 * answer to `onUpdate`; stops at any other state and on unmount. A failed ask is tried again next time.
 */
export function usePublicationPoll(publication: Publication | null, onUpdate: (next: Publication) => void) {
  const update = useRef(onUpdate);
  update.current = onUpdate;
  const publishId = publication?.publishId;
  const submitted = publication?.state === 'submitted';

  useEffect(() => {
    if (!publishId || !submitted) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      timer = setTimeout(async () => {
        try {
          const answer = await fetchPublication(publishId, controller.signal);
          if (controller.signal.aborted) return;
          update.current(answer);
          // Another state ends this effect through its dependencies.
          if (answer.state === 'submitted') next();
        } catch {
          if (!controller.signal.aborted) next();
        }
      }, POLL_INTERVAL_MS);
    };
    next();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [publishId, submitted]);
}
