export type StatusTone = 'error' | 'warning' | 'info' | 'success';

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
}
