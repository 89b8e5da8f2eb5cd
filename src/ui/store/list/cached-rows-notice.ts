/**
 * What `e`, `y`/`Y` and `G` say while the rows shown are still the last session's (docs/cache.md):
 * the rows are from the cache, from when, and what to do. `e`/`y`/`Y` pressed again act on them
 * as they are; `G` cannot load the rest of a list whose refresh was stopped.
 */
import type { Command } from '../../keys/bindings.js';
import { listKey } from '../../keys/help.js';
import type { StoreContext } from '../store-context.js';
import { inForms } from '../status-message.js';

/** `(10:32)`: when the cached rows were saved, local time; '' when not known. */
function savedAtText(ctx: StoreContext): string {
  const at = ctx.options.listCache?.savedAt;
  if (at === undefined) return '';
  const d = new Date(at);
  const two = (n: number): string => String(n).padStart(2, '0');
  return ` (${two(d.getHours())}:${two(d.getMinutes())})`;
}

const isStale = (ctx: StoreContext): boolean => ctx.view().pager.getSnapshot().stale === true;

/** Asks once per list and command before cached rows leave the app; pressed again, the command goes ahead. */
export class CachedRowsNotice {
  #warned: { readonly command: Command; readonly view: object } | undefined;

  constructor(private readonly ctx: StoreContext) {}

  /** True when `command` may act now; otherwise says why (`again`: what pressing it again does). */
  allows(command: Command, again: string): boolean {
    const view = this.ctx.view();
    if (!isStale(this.ctx)) return true;
    const warned = this.#warned;
    if (warned?.command === command && warned.view === view) {
      this.#warned = undefined;
      return true;
    }
    this.#warned = { command, view };
    const [r, key] = [listKey('refresh'), listKey(command)];
    // Narrower, the ways on stay and the words about the cache shrink (a screen reader's 40 columns).
    const forms: [string, ...string[]] = [
      `These rows are from the cache${savedAtText(this.ctx)}, not yet refreshed: ${r} refreshes; ${key} again ${again}.`,
      `Cached rows, not yet refreshed: ${r} refreshes; ${key} again ${again}.`,
      `Cached rows: ${r} refreshes, ${key} again ${again.split(' ')[0] ?? ''}`,
      `Cached: ${r} refreshes, ${key} ${again.split(' ')[0] ?? ''}`,
    ];
    this.ctx.toast({ tone: 'warning', ...inForms(forms), aboutCachedRows: true });
    return false;
  }

}

/**
 * `G` on cached rows whose refresh was stopped or failed: says why nothing loads (true when it
 * said so). While the refresh is under way or waits for a rate limit's retry, `G` waits with it.
 */
export function saidCachedEndStopped(ctx: StoreContext): boolean {
  const snap = ctx.view().pager.getSnapshot();
  if (snap.stale !== true || snap.state === 'loading' || snap.state === 'rate-limited') return false;
  const [r, end] = [listKey('refresh'), listKey('bottom')];
  const forms: [string, ...string[]] = [
    `These rows are from the cache${savedAtText(ctx)} and were not refreshed: ${r} refreshes, then ${end} loads the rest.`,
    `Cached rows, not refreshed: ${r} refreshes, then ${end} loads the rest.`,
    `Cached: ${r} refreshes, then ${end} loads the rest`,
    `Cached: ${r} refreshes, then ${end}`,
  ];
  ctx.toast({ tone: 'warning', ...inForms(forms), aboutCachedRows: true });
  return true;
}
