import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import toastError from '../../../utils/toastError';
import { clockKey, setClock } from '../api/sandboxApi';

export const CLOCK_TICK = 30000;

/**
 * A sandbox connection's pretend time (GET/PUT /sandbox/{id}/clock) and the current minute,
 * so the badge moves on like a clock. set(at) takes a wall time of the company's zone or null.
 */
export default function useSandboxClock(connectionId, { tick = CLOCK_TICK } = {}) {
  const key = connectionId ? clockKey(connectionId) : null;
  const { data: clock, error, mutate } = useSWR(key, { shouldRetryOnError: false });
  const [now, setNow] = useState(() => Date.now());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tick);
    return () => clearInterval(timer);
  }, [tick]);

  const set = useCallback(async (at) => {
    setSaving(true);
    try {
      const answer = await setClock(connectionId, at);
      await mutate(answer, { revalidate: false });
      setNow(Date.now());
      return true;
    } catch (err) {
      toastError(err);
      return false;
    } finally {
      setSaving(false);
    }
  }, [connectionId, mutate]);

  return { clock, error, now, saving, set };
}
