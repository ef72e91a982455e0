import { useCallback, useEffect, useState } from 'react';
import { TOAST_LONG } from './Toast';

/**
 * State for a notice that hides by itself: notices on the auth and contact
 * screens disappear 6 s after they are shown (spec section 8). Setting a value
 * again, even the same text, shows it for the full time again.
 */
export function useFleetingState<T>(ms: number = TOAST_LONG): [T | null, (value: T | null) => void] {
  // Boxed, so that setting an equal value is still a change that restarts the timer.
  const [box, setBox] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (!box) return;
    const id = window.setTimeout(() => setBox(null), ms);
    return () => window.clearTimeout(id);
  }, [box, ms]);
  const set = useCallback((value: T | null) => setBox(value === null ? null : { value }), []);
  return [box ? box.value : null, set];
}
