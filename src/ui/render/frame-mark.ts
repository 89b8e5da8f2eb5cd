/**
 * What a frame says that the writer must know, carried inside the frame's own bytes (as
 * cursor-anchor.ts carries the cursor's place), so it always belongs to the frame drawn however
 * frames are throttled: which row is the status line (on a slow link it goes out first with every
 * slice: row-slices.ts), and whether the frame tells the user that Esc stops something ("Esc to
 * stop", "Esc cancels"). The frame pacer remembers the latter for each frame until the terminal
 * answers it, so an Esc can be read against the screen the user saw (frame-pacer.ts).
 *
 * A component marks a line with `<Transform transform={frameMark({ ... })}>`; the frame's Output
 * (ink-output.ts) ends the frame with FRAME_PREFIX's sequence; the screen model keeps it as `mark`.
 */

export interface FrameMarkFlags {
  /** This line is the status line. */
  readonly status?: boolean;
  /** This line says that Esc stops or cancels something under way. */
  readonly escStops?: boolean;
}

/** An identity transformer that marks the line it draws (FrameMarkFlags). */
export interface FrameMarker {
  (line: string): string;
  readonly frameMark: FrameMarkFlags;
}

/** What a frame says, as the screen model keeps it: the status line's row, and whether Esc stops. */
export interface FrameMark {
  readonly statusRow: number | undefined;
  readonly escStops: boolean;
}

const markers = new Map<string, FrameMarker>();

/** The mark for `flags` (the same function for the same flags, so props stay equal). */
export function frameMark(flags: FrameMarkFlags): FrameMarker {
  const key = `${flags.status === true}/${flags.escStops === true}`;
  let found = markers.get(key);
  if (!found) {
    found = Object.assign((line: string) => line, { frameMark: { status: flags.status === true, escStops: flags.escStops === true } });
    markers.set(key, found);
  }
  return found;
}

export function isFrameMarker(transform: unknown): transform is FrameMarker {
  return typeof transform === 'function' && typeof (transform as Partial<FrameMarker>).frameMark === 'object';
}

/** Private APC: `ESC _ pagetui-frame;UP;STOPS ESC \`: the status line UP rows above the frame's last line (empty: none), STOPS 1 or 0. */
const FRAME_PREFIX = '\u001B_pagetui-frame';
const ST = '\u001B\\';

let framesCarryMarks = false;

/** From now on every frame says what it marks (only where the diff writer reads the frames). */
export function carryFrameMarks(on: boolean): void {
  framesCarryMarks = on;
}

/** The sequence a frame of `height` lines ends with. */
export function frameMarkSequence(statusRow: number | undefined, escStops: boolean, height: number): string {
  if (!framesCarryMarks) return '';
  const up = statusRow === undefined ? '' : String(Math.max(0, height - 1 - statusRow));
  return `${FRAME_PREFIX};${up};${escStops ? 1 : 0}${ST}`;
}

/** Reads a sequence of frameMarkSequence: the status line as rows up (undefined: none) and Esc's word; undefined if not one. */
export function parseFrameMark(seq: string): { up: number | undefined; escStops: boolean } | undefined {
  if (!seq.startsWith(FRAME_PREFIX)) return undefined;
  const m = /^;(\d*);([01])/.exec(seq.slice(FRAME_PREFIX.length));
  if (!m) return { up: undefined, escStops: false };
  return { up: m[1] === '' ? undefined : Number(m[1]), escStops: m[2] === '1' };
}
