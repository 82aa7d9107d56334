import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Seconds left until a deadline, ticking once a second. Counted from the clock rather than by
 * decrements, so a throttled background tab still ends on time.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [remaining, setRemaining] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  const stop = useCallback(() => {
    window.clearInterval(timer.current);
    timer.current = undefined;
  }, []);

  const start = useCallback(
    (seconds: number) => {
      stop();
      const endsAt = Date.now() + seconds * 1000;
      setRemaining(seconds);
      timer.current = window.setInterval(() => {
        const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
        setRemaining(left);
        if (left === 0) stop();
      }, 1000);
    },
    [stop],
  );

  useEffect(() => stop, [stop]);

  return { remaining, start };
}
