import { useEffect, useRef, useState } from 'react';

/**
 * `value`, changing at most once every `everyMs` while `calm` (a count during a long load): a
 * change within the interval is shown when it ends, and no timer runs while nothing changes.
 * Not calm: `value` as it is.
 */
export function useCalmValue<T>(value: T, calm: boolean, everyMs: number): T {
  const [shown, setShown] = useState(value);
  const shownAt = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef(value);
  latest.current = value;
  const due = calm && !Object.is(shown, value) && Date.now() - shownAt.current < everyMs;
  useEffect(() => {
    if (!calm || Object.is(shown, value)) return;
    const wait = shownAt.current + everyMs - Date.now();
    const show = () => {
      shownAt.current = Date.now();
      setShown(latest.current);
    };
    if (wait <= 0) {
      show();
      return;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [calm, shown, value, everyMs]);
  if (!calm) return value;
  // The first change after a quiet interval shows at once (the effect records it).
  return due ? shown : value;
}
