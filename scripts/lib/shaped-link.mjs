/**
 * One direction of a slow link between a program's pty and its terminal: what is sent leaves at
 * the link's bandwidth, in order, and arrives `delayMs` later. A single timer drains the queue,
 * so order never depends on timer rounding. For the link between the app and a headless terminal
 * (test/helpers/linked-app.ts, the bench); bench/lib/link-shaper.mjs does the same for TCP.
 */

/** Largest piece serialised as one unit: at low bandwidth a long frame arrives bit by bit, as it would. */
const PIECE = 512;

export class ShapedDirection {
  /**
   * @param {{ kbit?: number, delayMs: number, deliver: (data: string) => void }} options
   *   kbit: bandwidth in kbit/s (none: unlimited); deliver: called with each piece on arrival.
   */
  constructor({ kbit, delayMs, deliver }) {
    this.bytesPerMs = kbit === undefined ? Number.POSITIVE_INFINITY : (kbit * 1000) / 8 / 1000;
    this.delayMs = delayMs;
    this.deliverPiece = deliver;
    /** Bytes sent so far. */
    this.bytes = 0;
    /** The longest queue there has been on the link, in ms of its bandwidth (resetQueued() starts again). */
    this.mostQueuedMs = 0;
    this.queue = [];
    this.linkFreeAt = 0;
    this.timer = undefined;
  }

  /** @param {string} data */
  send(data) {
    for (let off = 0; off < data.length; off += PIECE) {
      const piece = data.slice(off, off + PIECE);
      const size = Buffer.byteLength(piece);
      this.bytes += size;
      const now = performance.now();
      this.linkFreeAt = Math.max(now, this.linkFreeAt) + size / this.bytesPerMs;
      this.queue.push({ piece, at: this.linkFreeAt + this.delayMs });
    }
    this.mostQueuedMs = Math.max(this.mostQueuedMs, this.linkFreeAt - performance.now());
    this.schedule();
  }

  resetQueued() {
    this.mostQueuedMs = 0;
  }

  /** True while something is on its way. */
  busy() {
    return this.queue.length > 0;
  }

  close() {
    clearTimeout(this.timer);
    this.queue = [];
  }

  schedule() {
    if (this.timer !== undefined || this.queue.length === 0) return;
    this.timer = setTimeout(() => this.pump(), Math.max(0, this.queue[0].at - performance.now()));
  }

  pump() {
    this.timer = undefined;
    const now = performance.now();
    while (this.queue.length > 0 && this.queue[0].at <= now) this.deliverPiece(this.queue.shift().piece);
    this.schedule();
  }
}
