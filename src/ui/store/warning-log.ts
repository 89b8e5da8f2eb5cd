/**
 * Which listing warnings the user has been shown, per pager. A pager counts as having shown
 * nothing until the store has shown its warnings, however early it started (the group listing
 * starts before the UI exists) and whichever listing it is (a refresh's new one too).
 */
import type { Pager } from '../../api/pager.js';

interface Seen {
  readonly warnings: readonly string[];
  readonly count: number;
}

export class WarningLog {
  private readonly seen = new WeakMap<Pager, Seen>();

  /** `say` shows a warning text to the user. */
  constructor(private readonly say: (text: string) => void) {}

  /** Says the warnings of `pager` not shown yet (all of them, in order). */
  notice(pager: Pager): void {
    const unseen = this.takeUnseen(pager);
    if (unseen.length > 0) this.say(unseen.join(' '));
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
