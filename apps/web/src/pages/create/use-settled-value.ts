import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `ms` (the first value at once): a read keyed by it
 * is asked once the user rests, not on every key. Pass a string (e.g. JSON) so that an equal
 * value is not a change.
 */
export function useSettledValue<T extends string | null>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
