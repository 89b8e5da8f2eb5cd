/**
 * Where a paced frame's time goes over a shaped link: each frame the app writes (its bytes end
 * with the DA1 query `ESC [ c`), when its first and last bytes reach the terminal, when the
 * terminal's answer gets back to the app, and how long the app then takes to send the next one.
 * Fed by bench/link-pacing.mjs from both ends of the link.
 */
import { median } from './stats.mjs';

const DA1_QUERY = '\u001b[c';
const DA1_REPLY = /\u001b\[\?[\d;]*c/g;

export class FrameTimeline {
  constructor() {
    /** @type {{ sentAt: number, bytes: number, start: number, end: number, firstInAt?: number, lastInAt?: number, answeredAt?: number }[]} */
    this.frames = [];
    this.open = undefined;
    this.written = 0;
    this.delivered = 0;
    this.answers = 0;
  }

  /** The app wrote `data` at `at` (before the link). */
  appWrote(data, at) {
    const bytes = Buffer.byteLength(data);
    this.open ??= { sentAt: at, bytes: 0, start: this.written };
    this.open.bytes += bytes;
    this.written += bytes;
    if (data.includes(DA1_QUERY)) {
      this.frames.push({ ...this.open, end: this.written });
      this.open = undefined;
    }
  }

  /** `data` reached the terminal at `at`. */
  arrived(data, at) {
    const from = this.delivered;
    this.delivered += Buffer.byteLength(data);
    for (const frame of this.frames) {
      if (frame.firstInAt === undefined && this.delivered > frame.start && from <= frame.start) frame.firstInAt = at;
      if (frame.lastInAt === undefined && this.delivered >= frame.end) frame.lastInAt = at;
    }
  }

  /** `data` (keys or answers) reached the app at `at`: DA1 answers acknowledge frames in order. */
  reachedApp(data, at) {
    for (const _ of data.matchAll(DA1_REPLY)) {
      const frame = this.frames[this.answers++];
      if (frame) frame.answeredAt = at;
    }
  }

  /** Medians over the frames sent from `from` to `to`. */
  summary(from, to) {
    const frames = this.frames.filter((frame) => frame.sentAt >= from && frame.sentAt <= to);
    const pick = (f) => median(frames.map(f).filter((v) => Number.isFinite(v)));
    return {
      frames: frames.length,
      bytes: pick((f) => f.bytes),
      firstRowMs: pick((f) => f.firstInAt - f.sentAt),
      wholeFrameMs: pick((f) => f.lastInAt - f.sentAt),
      answerMs: pick((f) => f.answeredAt - f.sentAt),
      answerToNextMs: pick((f) => {
        const next = this.frames[this.frames.indexOf(f) + 1];
        return next && f.answeredAt !== undefined ? next.sentAt - f.answeredAt : Number.NaN;
      }),
      cycleMs: pick((f) => {
        const next = this.frames[this.frames.indexOf(f) + 1];
        return next ? next.sentAt - f.sentAt : Number.NaN;
      }),
    };
  }
}
