/**
 * Frames paced to what the terminal has shown. Each frame goes out with a DA1 query (`ESC [ c`),
 * which every terminal answers, in order: its answer says the terminal has parsed the frame. At
 * most WINDOW frames are unanswered at a time; while the window is full the diff writer keeps
 * drawing into its screen model and sends nothing, so when an answer comes only the newest
 * screen goes out and the states in between are never sent. A local terminal answers within
 * microseconds, so there every frame still leaves at once.
 *
 * On a slow link (link-estimate.ts) the window is counted in bytes instead, and a frame goes out
 * in slices of rows, each with its query: a little under bandwidth × round trip may be on its
 * way, so the link stays busy, and when a newer screen is drawn mid-frame the next slice is cut
 * from it (the rows not yet sent are never sent as they were), as curses stops an update when
 * keys are typed ahead.
 *
 * A terminal that answers late or never cannot stall the screen: a frame unanswered for twice the
 * measured round trip (1 s at most) counts as shown, and a terminal that has left a query
 * unanswered for a whole wait (1 s; the colour query at start counts) and never answered is asked
 * no more: frames are then paced by time (time-pacing.ts), until an answer comes after all.
 */

import { LinkEstimate, maySend } from './link-estimate.js';
import { msUntilStill, ScreenDraws } from './stillness.js';
import { TimePacing } from './time-pacing.js';
import type { ReplySource, ShownFrame } from './terminal-replies.js';

const DA1_QUERY = '\u001B[c';
const DA1_REPLY = /^\u001B\[\?[\d;]*c$/;
/** Frames that may be unanswered at once, where the link gives no budget in bytes. */
const WINDOW = 1;
/** The longest wait for an answer, and the wait before any answer came. */
const MAX_WAIT_MS = 1_000;
/** The shortest wait: a local terminal answers at once, but a busy machine may be slow to read it. */
const MIN_WAIT_MS = 100;
/**
 * Queries owed at once (late ones included) where the link gives no budget; on a slow link, as many as slices may be on
 * their way. A terminal answers in its own time (in pieces 100 ms apart: five a second), so more only queue up answers.
 */
const QUERIES_OWED_AT_MOST = 2;
/** How long a frame whose wait ran out still counts as on its way, on a slow link. */
const LATE_COUNTS_MS = 2_000;
/** The longest wait at exit for an answer a terminal that answers still owes. */
const SETTLE_LIMIT_MS = 5_000;

interface Unanswered {
  readonly sentAt: number;
  readonly bytes: number;
  /** Its number, counting every write; and whether the screen it completes says Esc stops something (frame-mark.ts). */
  readonly frame: number;
  readonly escStops: boolean;
  /** Whether a query went out after it: else the answer to the next query acknowledges it. */
  asked: boolean;
}

export class FramePacer {
  /** The frames (or slices) not yet answered, oldest first. */
  private readonly unanswered: Unanswered[] = [];
  private unansweredBytes = 0;
  private readonly link = new LinkEstimate();
  /**
   * Frames whose wait ran out, their answers still to come: they acknowledge nothing now, but
   * measure the round trip, so that the waits lengthen with it (else, on a link queued up, every
   * wait runs out and frames go out unpaced, queueing it further).
   */
  private readonly late: Unanswered[] = [];
  private answeredOnce = false;
  /** Answers still to come to queries asked before the pacer's own were: none of them is a frame's. */
  private othersFirst = 0;
  private gaveUp = false;
  /** A round trip as measured, decaying slowly from its highest recent value. */
  private roundTripMs: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => void) | undefined;
  /** A newer screen was drawn and nothing of it has gone out yet. */
  private fresh = false;
  private readonly draws = new ScreenDraws();
  /** Opens the window when the screen becomes still: no answer may come then to say so. */
  private stillTimer: NodeJS.Timeout | undefined;
  /** Writes sent so far, and the newest the terminal has answered. */
  private sentCount = 0;
  private answered: ShownFrame | undefined;
  /** Where the terminal never answers: frames paced by time instead. */
  private readonly byTime = new TimePacing(() => this.replies.keys?.(), () => this.onOpen());
  /** Called when the window opens again. */
  onOpen: () => void = () => {};
  /** Sends a query on its own: for the last slices, sent while enough queries were owed, once answers have come. */
  ask: (query: string) => void = () => {};

  constructor(private readonly replies: ReplySource) {}

  /** The screen to send changed (ink drew a newer frame). */
  drew(): void {
    this.draws.drew();
    this.fresh = true;
  }

  /** True when a frame may go out now. */
  open(): boolean {
    if (this.gaveUp) return this.byTime.open();
    const budget = this.link.budget();
    if (!budget) return this.unanswered.length < WINDOW;
    const screen = { fresh: this.fresh, ...this.draws.stillness(this.replies.keys?.()) };
    if (maySend(budget, this.unansweredBytes + this.lateBytes(), budget.slice, screen)) return true;
    clearTimeout(this.stillTimer);
    const untilStill = msUntilStill(screen);
    if (untilStill > 0) this.stillTimer = setTimeout(() => this.onOpen(), untilStill);
    return false;
  }

  /** The most the next write may carry (the rest of the frame waits for the window): whole frames but on a slow link. */
  allowance(): number {
    if (this.gaveUp) return Number.POSITIVE_INFINITY;
    return this.link.budget()?.slice ?? Number.POSITIVE_INFINITY;
  }

  /**
   * The newest frame the terminal has answered (its answers come in order with the keys typed, so
   * it is the screen the user saw when pressing the key read now); undefined while none has been,
   * or where the terminal does not answer.
   */
  shown(): ShownFrame | undefined {
    return this.gaveUp ? undefined : this.answered;
  }

  /** How many writes have gone out (the number of the newest). */
  framesSent(): number {
    return this.sentCount;
  }

  /** A frame of `bytes` is going out (`escStops`: it says Esc stops something): returns what to send right after it (the query, or nothing). */
  sent(bytes: number, escStops = false): string {
    this.fresh = false;
    const frame = ++this.sentCount;
    this.byTime.sent(bytes);
    if (!this.gaveUp && !this.answeredOnce && (this.replies.silentForMs?.() ?? 0) >= MAX_WAIT_MS) this.giveUp();
    if (this.gaveUp) return '';
    // Beyond the queries pacing needs, a slice goes out unasked and the next answer covers it.
    const asked = this.queriesOwed() < this.queriesNeeded();
    this.unanswered.push({ sentAt: performance.now(), bytes, frame, escStops, asked });
    this.unansweredBytes += bytes;
    if (this.unanswered.length === 1) this.armTimer();
    if (!asked) return '';
    this.expectAnswer();
    return DA1_QUERY;
  }

  private expectAnswer(): void {
    // Answers owed to queries asked before the pacer's own (the colour query at start, answered
    // late over a slow link) come first and are no frame's: taken for one, a large frame would
    // seem answered at once, and the link be learnt as fast or as wide as no link is.
    const owedBefore = this.replies.expectReply?.() ?? 0;
    this.othersFirst = Math.max(0, owedBefore - (this.queriesOwed() - 1));
    this.stopListening ??= this.replies.awaitReplies(this.onReply);
  }

  /** As many queries as slices may be on their way at once. */
  private queriesNeeded(): number {
    const budget = this.link.budget();
    return budget ? Math.max(QUERIES_OWED_AT_MOST, Math.floor(budget.full / budget.slice)) : QUERIES_OWED_AT_MOST;
  }

  private queriesOwed(): number {
    let owed = this.late.length;
    for (const frame of this.unanswered) if (frame.asked) owed++;
    return owed;
  }

  /** The oldest frames up to the first that was asked about, taken off the unanswered as one; undefined when none was asked. */
  private takeAnswered(): Unanswered | undefined {
    const end = this.unanswered.findIndex((frame) => frame.asked);
    if (end < 0) return undefined;
    const taken = this.unanswered.splice(0, end + 1);
    const bytes = taken.reduce((sum, frame) => sum + frame.bytes, 0);
    this.unansweredBytes -= bytes;
    return { ...(taken[end] as Unanswered), sentAt: (taken[0] as Unanswered).sentAt, bytes };
  }

  /** Slices that went out unasked and no query after them: one query now, so their answer comes. */
  private askForUnasked(): void {
    const last = this.unanswered[this.unanswered.length - 1];
    if (!last || last.asked || this.queriesOwed() >= this.queriesNeeded()) return;
    last.asked = true;
    this.expectAnswer();
    this.ask(DA1_QUERY);
  }

  /**
   * Resolves once no answer is owed, or after `maxMs`: an answer still on its way when the app
   * leaves would reach the shell instead and be typed at its prompt (`1;2c`). A terminal that has
   * answered will answer this too, so on a link whose round trip is longer the wait is twice that
   * round trip (SETTLE_LIMIT_MS at most).
   */
  settled(maxMs: number): Promise<void> {
    if (this.unanswered.length === 0 && this.late.length === 0) return Promise.resolve();
    const waitMs = this.answeredOnce ? Math.max(maxMs, Math.min(SETTLE_LIMIT_MS, 2 * (this.roundTripMs ?? 0))) : maxMs;
    return new Promise((resolve) => {
      const timer = setTimeout(done, waitMs);
      const poll = setInterval(() => {
        if (this.unanswered.length === 0 && this.late.length === 0) done();
      }, 5);
      function done(): void {
        clearTimeout(timer);
        clearInterval(poll);
        resolve();
      }
    });
  }

  /** Stops listening and waiting (the app ends). */
  dispose(): void {
    clearTimeout(this.timer);
    clearTimeout(this.stillTimer);
    this.byTime.dispose();
    this.unanswered.length = 0;
    this.unansweredBytes = 0;
    this.late.length = 0;
    this.stopListening?.();
    this.stopListening = undefined;
  }

  private readonly onReply = (seq: string): void => {
    if (!DA1_REPLY.test(seq)) return;
    // A terminal given up on that answers after all (it was slow at first) is paced by its answers again.
    this.gaveUp = false;
    this.answeredOnce = true;
    if (this.othersFirst > 0) {
      this.othersFirst--;
      return;
    }
    const frame = this.late.shift() ?? this.takeAnswered();
    if (frame === undefined) return;
    this.answered = { frame: frame.frame, escStops: frame.escStops };
    const sample = performance.now() - frame.sentAt;
    this.link.answered(frame.bytes, sample);
    this.roundTripMs = Math.max(sample, (this.roundTripMs ?? 0) * 0.8);
    clearTimeout(this.timer);
    this.askForUnasked();
    if (this.unanswered.length > 0) this.armTimer();
    this.settle();
    this.onOpen();
  };

  /**
   * On a slow link, the bytes of frames whose wait ran out still count as on their way (for
   * LATE_COUNTS_MS at most): a terminal that answers will answer them, and a busy app that reads
   * the answers late must not take a queue on the link for room on it.
   */
  private lateBytes(): number {
    const since = performance.now() - LATE_COUNTS_MS;
    let bytes = 0;
    for (const frame of this.late) if (frame.sentAt >= since) bytes += frame.bytes;
    return bytes;
  }

  private armTimer(): void {
    const sentAt = this.unanswered[0]?.sentAt ?? performance.now();
    const wait = this.roundTripMs === undefined ? MAX_WAIT_MS : Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, 2 * this.roundTripMs));
    this.timer = setTimeout(this.onTimeout, Math.max(0, sentAt + wait - performance.now()));
  }

  private readonly onTimeout = (): void => {
    // The oldest frame's answer is late: take the frame as shown, and its answer when it comes.
    // Slices with no query after them are dropped: no answer will say when they were shown.
    const frame = this.takeAnswered();
    if (frame) this.late.push(frame);
    else this.unansweredBytes = this.unanswered.length = 0;
    if (!this.answeredOnce) this.giveUp();
    else if (this.unanswered.length > 0) this.armTimer();
    this.onOpen();
  };

  /** Asks no more and paces by time; still listens, in case an answer comes after all. */
  private giveUp(): void {
    this.gaveUp = true;
    clearTimeout(this.timer);
    this.unanswered.length = 0;
    this.unansweredBytes = 0;
    this.late.length = 0;
    this.stopListening ??= this.replies.awaitReplies(this.onReply);
  }

  /** Nothing owed any more: stop listening, so the reader may rest once the app stops. */
  private settle(): void {
    if (this.unanswered.length > 0 || this.late.length > 0) return;
    this.stopListening?.();
    this.stopListening = undefined;
  }
}
