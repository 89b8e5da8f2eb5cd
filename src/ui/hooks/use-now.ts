import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` from `from` (epoch ms; at once when it has
 * passed) while `from` is given (a countdown, a wait); idle when it is undefined.
 */
export function useNow(from: number | undefined, intervalMs = 1000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (from === undefined) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const tick = (): void => setNow(Date.now());
    const start = (): void => {
      tick();
      timer = setInterval(tick, intervalMs);
    };
    const delay = from - Date.now();
    if (delay <= 0) start();
    else timer = setTimeout(start, delay);
    return () => {
      clearTimeout(timer);
      clearInterval(timer);
    };
  }, [from, intervalMs]);
  return from !== undefined && now >= from ? now : Date.now();
}
