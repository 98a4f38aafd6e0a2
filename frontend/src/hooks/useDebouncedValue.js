import { useEffect, useState } from 'react';

/** The spec's debounce for searches and for ticket and message loads (spec/1 §9, spec/2 §9). */
export const DEBOUNCE_MS = 500;

/**
 * The value once it has stayed the same for `delay` ms. The first value is answered at once,
 * unless `settleFirst`: then it, too, waits (undefined until it has settled).
 */
export default function useDebouncedValue(value, delay = DEBOUNCE_MS, { settleFirst = false } = {}) {
  const [debounced, setDebounced] = useState(settleFirst ? undefined : value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
