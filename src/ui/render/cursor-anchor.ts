/**
 * Where the terminal's cursor rests after a frame, for screen readers (which read the line the
 * cursor is on). A component marks the cell with `<Transform transform={cursorAnchor(column)}>`;
 * the frame's Output (ink-output.ts) finds the mark where it places the text and ends the frame
 * with ANCHOR_PREFIX sequence saying where; the screen model keeps that as `anchor`; the diff
 * writer, when it follows anchors, leaves the cursor there, visible. The position travels inside
 * the frame's own bytes, so it always belongs to the frame drawn, however frames are throttled.
 */

/** An identity transformer that marks the first cell of its text (plus `column`) as the cursor's place. */
export interface AnchorTransformer {
  (line: string): string;
  readonly anchorColumn: number;
}

const byColumn = new Map<number, AnchorTransformer>();

/** The mark for `column` cells into the text (the same function for the same column, so props stay equal). */
export function cursorAnchor(column = 0): AnchorTransformer {
  const at = Math.max(0, Math.floor(column));
  let found = byColumn.get(at);
  if (!found) {
    found = Object.assign((line: string) => line, { anchorColumn: at });
    byColumn.set(at, found);
  }
  return found;
}

export function isAnchor(transform: unknown): transform is AnchorTransformer {
  return typeof transform === 'function' && typeof (transform as Partial<AnchorTransformer>).anchorColumn === 'number';
}

/** Private APC: `ESC _ pagetui-cursor;X;UP ESC \`: column X, UP rows above the frame's last line; no numbers: none. */
const ANCHOR_PREFIX = '\u001B_pagetui-cursor';
const ST = '\u001B\\';

let framesCarryAnchor = false;

/** From now on every frame says where its cursor rests (or that it has no mark). Off: frames are as before. */
export function carryCursorAnchors(on: boolean): void {
  framesCarryAnchor = on;
}

/** The sequence a frame of `height` lines ends with, for a mark at (x, y) of the frame or none. */
export function anchorSequence(anchor: { x: number; y: number } | undefined, height: number): string {
  if (!framesCarryAnchor) return '';
  if (!anchor) return ANCHOR_PREFIX + ST;
  return `${ANCHOR_PREFIX};${anchor.x};${Math.max(0, height - 1 - anchor.y)}${ST}`;
}

/** Reads a sequence of anchorSequence: the mark as (column, rows up), null for none, undefined if not one. */
export function parseAnchor(seq: string): { x: number; up: number } | null | undefined {
  if (!seq.startsWith(ANCHOR_PREFIX)) return undefined;
  const m = /^;(\d+);(\d+)/.exec(seq.slice(ANCHOR_PREFIX.length));
  return m ? { x: Number(m[1]), up: Number(m[2]) } : null;
}
