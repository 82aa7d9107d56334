import { type RefObject, useEffect, useRef } from 'react';

/** False once the component has gone, so late answers neither toast nor navigate. */
export function useMounted(): RefObject<boolean> {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
