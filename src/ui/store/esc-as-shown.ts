/**
 * Esc is read against the screen the user saw: the newest frame the terminal has answered (its
 * answers come in order with the keys, render/frame-pacer.ts). Over a slow link that screen may
 * still say "Esc to stop" when the load has already ended; such an Esc is the stop it was meant
 * as (nothing is left to stop: the user stays and is told what the next Esc does), not "back". A
 * local terminal answers each frame at once, so there an Esc after the screen said the load had
 * ended goes back, closes the prompt or clears the filter as before; a terminal that never
 * answers gives no screen to read against, and Esc does what the state says.
 */
import { countText } from '../../text/count.js';
import { listKey } from '../keys/help.js';
import type { StoreContext } from './store-context.js';
import type { AppSnapshot } from './store-types.js';

type Stoppable = 'load' | 'refresh' | 'export';

/** True while an export is checked or written (Esc cancels it). */
export function exportUnderWay(snapshot: AppSnapshot): boolean {
  const input = snapshot.input;
  return input?.kind === 'export' && (input.stage === 'writing' || input.stage === 'checking');
}

function stoppableIn(snapshot: AppSnapshot): Stoppable | undefined {
  if (snapshot.following || snapshot.loadingAll) return 'load';
  if (snapshot.refreshTarget !== undefined) return 'refresh';
  return exportUnderWay(snapshot) ? 'export' : undefined;
}

export class EscAsShown {
  /** Frames up to this number were sent before Esc last stopped something: their "Esc to stop" is spent. */
  private spentUpTo = 0;
  private lastStoppable: Stoppable = 'load';

  constructor(private readonly ctx: StoreContext) {}

  /** Each new snapshot: what a screen saying "Esc to stop" was about. */
  observe(snapshot: AppSnapshot): void {
    this.lastStoppable = stoppableIn(snapshot) ?? this.lastStoppable;
  }

  /** Esc stopped something: the frames that said so have had their Esc. */
  stopped(): void {
    this.spentUpTo = this.ctx.options.shownFrames?.framesSent() ?? 0;
  }

  /**
   * Esc with nothing left to stop: true (once per stop the screen offered) when the screen the
   * user saw said Esc stops something, and Esc would otherwise close the prompt, clear the filter
   * or go back; the user is told that it had already ended and what the next Esc does.
   */
  swallow(): boolean {
    const frames = this.ctx.options.shownFrames;
    const shown = frames?.shown();
    if (!frames || !shown?.escStops || shown.frame <= this.spentUpTo) return false;
    const view = this.ctx.view();
    const next = this.ctx.snapshot().input ? 'closes the prompt' : view.query !== '' ? 'clears the filter' : view.kind === 'pages' ? 'goes back' : undefined;
    if (next === undefined) return false;
    this.spentUpTo = frames.framesSent();
    this.ctx.toast({ tone: 'info', text: `${this.ended()}; ${listKey('back')} again ${next}` });
    return true;
  }

  private ended(): string {
    if (this.lastStoppable === 'refresh') return 'The refresh had already finished';
    if (this.lastStoppable === 'export') return 'The export had already finished';
    const pager = this.ctx.snapshot().pager;
    return pager.hasMore ? 'The load had already stopped' : `Already loaded all ${countText(pager.items.length)}`;
  }
}

declare module './store-context.js' {
  interface StoreFlows {
    readonly escAsShown: EscAsShown;
  }
}
