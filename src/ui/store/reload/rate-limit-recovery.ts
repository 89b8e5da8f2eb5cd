/**
 * A list that waited out a rate limit and then loaded by itself, said once for a screen reader
 * ("Done: Rate limit over: 30 pages loaded."): the wait was announced, so its end is too,
 * and the cursor rests on that line until the next key instead of moving to the first row unasked.
 */
import type { PagerSnapshot } from '../../../api/types.js';
import type { ListKind } from '../list/list-view.js';
import { itemsNoun } from '../prompts/export-flow.js';
import type { StatusMessage } from '../status-message.js';

export class RateLimitRecovery {
  /** The pagers seen waiting for a rate limit, until they load or fail. */
  private readonly waiting = new WeakSet<object>();

  /** What to say after a change of `pager` (now `snap`), when it is the end of such a wait. */
  observe(pager: object, snap: PagerSnapshot, kind: ListKind): StatusMessage | undefined {
    if (snap.state === 'rate-limited') {
      this.waiting.add(pager);
      return undefined;
    }
    if (snap.state === 'loading' || !this.waiting.delete(pager)) return undefined;
    // Failed after the wait: the failure is what the status line says.
    if ((snap.state !== 'idle' && snap.state !== 'done') || snap.error !== undefined) return undefined;
    const loaded = itemsNoun(snap.items.length, kind);
    return { tone: 'success', text: `Rate limit over: ${loaded} loaded${snap.hasMore ? ' so far' : ''}.` };
  }
}
