/**
 * What the link to the terminal carries, learnt from the answers to frames: an answer comes after
 * the round trip plus the frame's time on the wire, plus the time of whatever was on its way
 * before it and however late the app read it, never sooner. So a line drawn under the quickest
 * answers for each size gives the round trip (where it meets zero bytes) and the time per byte
 * (its slope), whether or not other frames were on their way.
 *
 * On a slow link (a long round trip and a measurable time per byte) it gives the frame pacer a
 * budget: how many bytes may be on their way at once (a little under bandwidth × round trip, so the
 * link stays busy without a queue building in it) and in what slices, so that a newer screen
 * never waits behind more than a slice of an older one. Elsewhere (a local terminal, a fast
 * link, nothing learnt yet) it gives none, and frames go out whole.
 */

import { msUntilStill, type Stillness } from './stillness.js';

/**
 * A round trip under this is a local terminal or a fast link: frames go out whole. A local
 * terminal on a busy machine may take tens of milliseconds to answer, but now and then answers
 * at once: any answer quicker than this, ever, rules the link fast.
 */
const SLOW_ROUND_TRIP_MS = 80;
/** The share of bandwidth × round trip kept on its way while the screen keeps changing (keys held). */
const FILL = 0.55;
/**
 * The smallest slice: the status line and a row or two, so that a new screen's first rows leave
 * soon after it is drawn and reach the screen soon after they leave (at 64 kbit/s and 150 ms a
 * slice is then a quarter of what may be on its way, ~165 B, 20 ms on the wire, not 256 B and 32).
 */
const MIN_SLICE = 128;
/** The budget never exceeds this (a fast link with a long round trip: frames go out whole). */
const MAX_BUDGET = 65_536;
/** Frames this much larger than the smallest one measure the time per byte. */
const LARGER_BY = 500;
/** Answers are kept by size, the quickest of each BUCKET bytes; one older than FORGET_MS gives way to a newer one. */
const BUCKET = 256;
const FORGET_MS = 20_000;

export interface SendBudget {
  /** Bytes that may be unanswered at once while the screen keeps changing. */
  readonly inFlight: number;
  /** Bandwidth × round trip: the bytes that keep the link busy without a queue in it. */
  readonly full: number;
  /** The most one write carries. */
  readonly slice: number;
}

interface Sample {
  readonly bytes: number;
  readonly delayMs: number;
  readonly at: number;
}

export class LinkEstimate {
  /** The quickest recent answer for each size bucket. */
  private readonly samples = new Map<number, Sample>();
  private line: { roundTripMs: number; msPerByte: number } | undefined;
  private quickestMs = Number.POSITIVE_INFINITY;

  /** A frame of `bytes` was answered `delayMs` after it left (others may have been on their way). */
  answered(bytes: number, delayMs: number, now = performance.now()): void {
    this.quickestMs = Math.min(this.quickestMs, delayMs);
    const bucket = Math.floor(bytes / BUCKET);
    const kept = this.samples.get(bucket);
    if (kept && kept.delayMs <= delayMs && now - kept.at < FORGET_MS) return;
    this.samples.set(bucket, { bytes, delayMs, at: now });
    this.line = this.lowerLine();
  }

  /** The budget on a slow link; undefined where frames go out whole. */
  budget(): SendBudget | undefined {
    const line = this.line;
    if (!line || line.roundTripMs < SLOW_ROUND_TRIP_MS || this.quickestMs < SLOW_ROUND_TRIP_MS) return undefined;
    const full = Math.min(MAX_BUDGET, line.roundTripMs / line.msPerByte);
    const inFlight = FILL * full;
    return { inFlight, full, slice: Math.max(MIN_SLICE, inFlight / 4) };
  }

  /**
   * delay = round trip + bytes × time per byte, drawn under every sample (a busy app reads an
   * answer late, never early): of the lines through two samples LARGER_BY bytes apart or more
   * that no sample lies under, the least steep (a late answer on the larger side steepens a line).
   */
  private lowerLine(): { roundTripMs: number; msPerByte: number } | undefined {
    let best: { roundTripMs: number; msPerByte: number } | undefined;
    const samples = [...this.samples.values()];
    for (const a of samples) {
      for (const b of samples) {
        const span = b.bytes - a.bytes;
        if (span < LARGER_BY) continue;
        const msPerByte = (b.delayMs - a.delayMs) / span;
        if (msPerByte <= 0 || (best && msPerByte >= best.msPerByte)) continue;
        const roundTripMs = a.delayMs - a.bytes * msPerByte;
        if (samples.every((s) => s.delayMs >= roundTripMs + s.bytes * msPerByte - 1)) best = { roundTripMs, msPerByte };
      }
    }
    return best;
  }
}

/** What the screen did since the last slice left. */
export interface ScreenChange extends Stillness {
  /** A newer screen was drawn and none of it has left yet. */
  readonly fresh: boolean;
}

/**
 * Whether a slice of `bytes` may go out with `unanswered` bytes on their way. A newer screen's
 * first slice may go while less than bandwidth × round trip is on its way, so it never waits for
 * an answer behind the rows of a screen it replaces; the rest of a screen keeps to a share of it
 * while newer screens keep coming (their rows would be cut off anyway), and uses all of it once
 * the screen has stayed still.
 */
export function maySend(budget: SendBudget, unanswered: number, bytes: number, screen: ScreenChange): boolean {
  // Still: a slice more, so the link never waits for an answer (one comes a slice's time after another).
  if (msUntilStill(screen) <= 0) return unanswered < budget.full + budget.slice;
  if (screen.fresh) return unanswered < budget.full;
  return unanswered + bytes <= budget.inFlight;
}
