import { displayWidth } from '../../text/index.js';

export type StatusTone = 'error' | 'warning' | 'info' | 'success';

/** A message's words at one width. */
export interface FittedWords {
  readonly text: string;
  readonly hint?: string;
}

/** What the status bar says; built by the store from errors, warnings and progress. */
export interface StatusMessage {
  readonly tone: StatusTone;
  readonly text: string;
  /** Machine code such as 'RATE_LIMITED'; shown first and never cut. */
  readonly code?: string;
  /** Server request id; shown last in parentheses and never cut. */
  readonly requestId?: string;
  /** The specific reason (an error's fields and their reasons, as `summarizeError` says them), said before `text`. */
  readonly field?: string;
  readonly reason?: string;
  /** What to press next ('press r to retry'); kept when the message is shortened. */
  readonly hint?: string;
  /** Seconds until an automatic retry; shown as 'retry in Ns' and never cut. */
  readonly countdownSeconds?: number;
  /** Said right after the countdown, never cut with it ('r to try now'). */
  readonly countdownHint?: string;
  /**
   * Words said differently by width (a path shortened in its middle): the status line asks for
   * them at the width it has each time it is drawn, so a resize fits them again. `text` and `hint`
   * are then the widest form (what `E` shows of an error).
   */
  readonly fitted?: (width: number) => FittedWords;
}

/** The kind a screen reader hears first ("Error: …"); information has none. */
export const SPOKEN_KIND: Partial<Record<StatusTone, string>> = { error: 'Error:', warning: 'Warning:', success: 'Done:' };

/** Columns a message of `tone` has on a status row of `width` once its kind is said ("Done: " takes 6). */
export function spokenRoom(tone: StatusTone, width: number): number {
  const kind = SPOKEN_KIND[tone];
  return Math.max(1, Math.floor(width) - (kind ? kind.length + 1 : 0));
}

/**
 * Words said in shorter `forms` (widest first) where the row is narrow: the message's text is the
 * widest (what `E` shows), the status line takes the first that fits its width, else the last, cut.
 * The shorter forms keep what matters (where a copy went) and drop the rest. `narrowest`, where
 * given, says it when no form fits (shortening a part of its own rather than losing its end).
 */
export function inForms(forms: readonly [string, ...string[]], narrowest?: (width: number) => string): { readonly text: string; readonly fitted: (width: number) => FittedWords } {
  const last = forms[forms.length - 1] ?? forms[0];
  return { text: forms[0], fitted: (width) => ({ text: forms.find((f) => displayWidth(f) <= width) ?? narrowest?.(width) ?? last }) };
}
