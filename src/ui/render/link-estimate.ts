/**
 * What the link to the terminal carries, learnt from the answers to frames sent when nothing else
 * was on its way: an answer comes after the round trip plus the frame's time on the wire, so the
 * smallest frames give the round trip and the large ones the time per byte on top.
 *
 * On a slow link (a long round trip and a measurable time per byte) it gives the frame pacer a
 * budget: how many bytes may be on their way at once (a little under bandwidth × round trip, so the
 * link stays busy without a queue building in it) and in what slices, so that a newer screen
 * never waits behind more than a slice of an older one. Elsewhere (a local terminal, a fast
 * link, nothing learnt yet) it gives none, and frames go out whole.
 */

/**
 * A round trip under this is a local terminal or a fast link: frames go out whole. A local
 * terminal on a busy machine may take tens of milliseconds to answer, but now and then answers
 * at once: any answer quicker than this, ever, rules the link fast.
 */
const SLOW_ROUND_TRIP_MS = 80;
/** The share of bandwidth × round trip kept on its way. */
const FILL = 0.55;
/** The smallest slice: a few rows, so that a new screen's first rows leave soon after it is drawn. */
const MIN_SLICE = 256;
/** The budget never exceeds this (a fast link with a long round trip: frames go out whole). */
const MAX_BUDGET = 65_536;
/** Frames this much larger than the smallest one measure the time per byte. */
const LARGER_BY = 500;
const KEEP = 8;

export interface SendBudget {
  /** Bytes that may be unanswered at once. */
  readonly inFlight: number;
  /** The most one write carries. */
  readonly slice: number;
}

interface Sample {
  readonly bytes: number;
  readonly delayMs: number;
}

export class LinkEstimate {
  private readonly samples: Sample[] = [];
  private quickestMs = Number.POSITIVE_INFINITY;

  /** Any answer, `delayMs` after its frame left (others may have been on their way). */
  heard(delayMs: number): void {
    this.quickestMs = Math.min(this.quickestMs, delayMs);
  }

  /** A frame of `bytes` sent with nothing else on its way was answered `delayMs` later. */
  answered(bytes: number, delayMs: number): void {
    this.samples.push({ bytes, delayMs });
    if (this.samples.length > KEEP) this.samples.shift();
  }

  /** The budget on a slow link; undefined where frames go out whole. */
  budget(): SendBudget | undefined {
    const line = this.lowerLine();
    if (!line || line.roundTripMs < SLOW_ROUND_TRIP_MS || this.quickestMs < SLOW_ROUND_TRIP_MS) return undefined;
    const inFlight = Math.min(MAX_BUDGET, (FILL * line.roundTripMs) / line.msPerByte);
    return { inFlight, slice: Math.max(MIN_SLICE, inFlight / 4) };
  }

  /**
   * delay = round trip + bytes × time per byte, drawn under every sample (a busy app reads an
   * answer late, never early): of the lines through two samples LARGER_BY bytes apart or more
   * that no sample lies under, the least steep (a late answer on the larger side steepens a line).
   */
  private lowerLine(): { roundTripMs: number; msPerByte: number } | undefined {
    let best: { roundTripMs: number; msPerByte: number } | undefined;
    for (const a of this.samples) {
      for (const b of this.samples) {
        const span = b.bytes - a.bytes;
        if (span < LARGER_BY) continue;
        const msPerByte = (b.delayMs - a.delayMs) / span;
        if (msPerByte <= 0 || (best && msPerByte >= best.msPerByte)) continue;
        const roundTripMs = a.delayMs - a.bytes * msPerByte;
        if (this.samples.every((s) => s.delayMs >= roundTripMs + s.bytes * msPerByte - 1)) best = { roundTripMs, msPerByte };
      }
    }
    return best;
  }
}
