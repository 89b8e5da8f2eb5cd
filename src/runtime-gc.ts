/**
 * A full garbage collection on request. Loading a long listing leaves most of what it allocated
 * dead (response text, parsed pages), and V8 keeps the memory it grew into resident until its
 * memory reducer runs, many seconds later if ever: after `G` over a million items that was some
 * 40 MB. One full collection once the load is over gives it back.
 *
 * V8 hands out its `gc` function only under `--expose-gc`; the flag is set for the moment it takes
 * to fetch it and then cleared, so the flags (which V8's code cache is checked against) end as
 * they started.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => unknown;

let collect: Collect | undefined | null;

function gcFunction(): Collect | null {
  if (collect !== undefined) return collect;
  const global = (globalThis as { gc?: Collect }).gc;
  if (typeof global === 'function') return (collect = global);
  try {
    setFlagsFromString('--expose-gc');
    const fn = runInNewContext('gc') as unknown;
    collect = typeof fn === 'function' ? (fn as Collect) : null;
  } catch {
    collect = null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

/** Runs a full collection now; does nothing where V8 does not allow it. */
export function collectGarbage(): void {
  try {
    gcFunction()?.({ type: 'major' });
  } catch {
    // A Node that takes no options, or none at all: memory is only given back later.
  }
}
