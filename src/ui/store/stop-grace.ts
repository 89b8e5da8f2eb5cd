/**
 * Over a slow link the user answers a screen that is up to a second old: an Esc pressed on
 * "Esc to stop" may arrive just after the load ended by itself. Such an Esc is taken as the stop
 * it was meant as (the user stays, and is told), not as "back". A stop the user asked for gives
 * no grace: the next Esc goes back.
 */
import { listKey } from '../keys/help.js';
import type { ListView } from './list/list-view.js';
import type { StoreContext } from './store-context.js';
import type { AppSnapshot } from './store-types.js';

/** How long after a load ended by itself an Esc still counts as its stop. */
const STOP_GRACE_MS = 1_000;

/** True while Esc stops something: `G` following the end, a load of the rest, a long refresh. */
function stoppable(snapshot: AppSnapshot): boolean {
  return snapshot.following || snapshot.loadingAll || snapshot.refreshTarget !== undefined;
}

export class StopGrace {
  private ended: { at: number; view: ListView } | undefined;
  private lastView: ListView | undefined;

  constructor(private readonly ctx: StoreContext) {}

  /** Each new snapshot: a stoppable load that just ended on the list shown starts the grace. */
  observe(before: AppSnapshot, after: AppSnapshot, view: ListView): void {
    const sameList = view === this.lastView;
    this.lastView = view;
    if (stoppable(before) && !stoppable(after) && sameList) this.ended = { at: this.ctx.now(), view };
    else if (stoppable(after) || !sameList) this.ended = undefined;
  }

  /** The user stopped the load: no grace. */
  clear(): void {
    this.ended = undefined;
  }

  /**
   * Esc with no load to stop: true (once) when it comes within the grace and would otherwise
   * close the prompt, clear the filter or go back; the user is told what the next Esc does.
   */
  swallow(): boolean {
    const { ctx, ended } = this;
    this.ended = undefined;
    const view = ctx.view();
    if (ended === undefined || ended.view !== view || ctx.now() - ended.at > STOP_GRACE_MS) return false;
    const next = ctx.snapshot().input ? 'closes the prompt' : view.query !== '' ? 'clears the filter' : view.kind === 'pages' ? 'goes back' : undefined;
    if (next === undefined) return false;
    ctx.toast({ tone: 'info', text: `The load had already finished; ${listKey('back')} again ${next}` });
    return true;
  }
}

declare module './store-context.js' {
  interface StoreFlows {
    readonly stopGrace: StopGrace;
  }
}
