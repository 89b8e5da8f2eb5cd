/**
 * A full garbage collection on request. Loading a long listing leaves most of what it allocated
 * dead (response text, parsed pages), and V8 keeps the memory it grew into resident until its
 * memory reducer runs, many seconds later if ever: after `G` over a million items that was some
 * 40 MB. Full collections once the load is over give it back. Two of them: a collection moves only
 * a few megabytes of live objects out of the pages a load left sparse, so one leaves some 15 MB of
 * such pages resident after 100,000 items, and the second empties them.
 *
 * V8 hands out its `gc` function only under `--expose-gc`; the flag is set for the moment it takes
 * to fetch it and then cleared, so the flags (which V8's code cache is checked against) end as
 * they started. It is called with no argument: Node 20's V8 takes any argument (even
 * `{ type: 'major' }`) as a request for a minor collection, which gives no old space back.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = () => unknown;

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

/** Runs two full collections now; does nothing where V8 does not allow it. */
export function collectGarbage(): void {
  try {
    const gc = gcFunction();
    for (let round = 0; round < 2; round++) gc?.();
  } catch {
    // Memory is only given back later.
  }
}
