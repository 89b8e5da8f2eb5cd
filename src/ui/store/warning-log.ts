/**
 * Which listing warnings the user has been shown, per pager. A pager counts as having shown
 * nothing until the store has shown its warnings, however early it started (the group listing
 * starts before the UI exists) and whichever listing it is (a refresh's new one too).
 */
import type { Pager } from '../../api/pager/pager.js';
import { failureShown, toastUntil } from './status.js';
import type { AppSnapshot } from './store-types.js';

interface Seen {
  readonly warnings: readonly string[];
  readonly count: number;
}

export class WarningLog {
  private readonly seen = new WeakMap<Pager, Seen>();
  /** Warnings a failure in the status bar kept from being read; said once it is gone. */
  private held: string[] = [];

  /** `say` shows a warning text to the user; `untilKey`: a warning said again stays until the next key. */
  constructor(
    private readonly say: (text: string) => void,
    private readonly untilKey = false,
  ) {}

  /**
   * Says the warnings of `pager` not shown yet, newest first: the newest is usually the one that
   * ended the listing, and the line is cut by width.
   */
  notice(pager: Pager): void {
    const unseen = this.takeUnseen(pager);
    if (unseen.length > 0) this.say([...unseen].reverse().join(' '));
  }

  /**
   * The next frame, with a listing warning that a failure would hide kept back instead (its
   * time would run out unseen), and warnings kept back said again once no failure is shown.
   */
  keepVisible(next: AppSnapshot, now: number): AppSnapshot {
    const toast = next.toast;
    if (failureShown(next.pager, next.refreshing)) {
      if (!toast?.listingWarning || toast.until <= now) return next;
      if (!this.held.includes(toast.text)) this.held.push(toast.text);
      return { ...next, toast: undefined };
    }
    if (this.held.length === 0) return next;
    const text = this.held.join(' ');
    this.held = [];
    return { ...next, toast: { tone: 'warning', text, until: toastUntil('warning', now, this.untilKey), listingWarning: true } };
  }

  /** The warnings of `pager` not shown yet, now counted as shown. */
  takeUnseen(pager: Pager): readonly string[] {
    const warnings = pager.getSnapshot().warnings;
    const before = this.seen.get(pager);
    if (before?.warnings === warnings) return [];
    this.seen.set(pager, { warnings, count: warnings.length });
    const count = before?.count ?? 0;
    // The pager keeps only its newest warnings: a full list that changed has a new last one.
    if (warnings.length > count) return warnings.slice(count);
    return warnings.length > 0 ? warnings.slice(-1) : [];
  }
}
