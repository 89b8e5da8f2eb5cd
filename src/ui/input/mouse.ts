/**
 * SGR mouse reports (`ESC [ < b ; x ; y M` for a press, `m` for a release; modes 1000 + 1006),
 * read only with `--mouse` or `"mouse": true`: capturing the mouse takes the terminal's own text
 * selection away, so it is never the default. No React here.
 */

/** Turns button reporting on (1000) in the SGR encoding (1006); `MOUSE_RESET` undoes it. */
export const MOUSE_ON = '\u001b[?1000h\u001b[?1006h';
/**
 * Every mouse mode a terminal may have been left in (button, drag, any-motion reporting; the SGR
 * and urxvt encodings) turned off: written on every start and every way out, since a session that was
 * killed (SIGKILL, a dropped link) could not turn its own off, and clicks would then type reports.
 */
export const MOUSE_RESET = '\u001b[?1006l\u001b[?1015l\u001b[?1003l\u001b[?1002l\u001b[?1000l';

export type MouseEvent =
  | { readonly kind: 'wheel'; readonly direction: 'up' | 'down'; readonly x: number; readonly y: number }
  | { readonly kind: 'press'; readonly button: 'left' | 'middle' | 'right'; readonly x: number; readonly y: number }
  | { readonly kind: 'release'; readonly x: number; readonly y: number };

const SGR_REPORT = /^\u001b?\[<(\d{1,4});(\d{1,5});(\d{1,5})([Mm])$/;
const BUTTONS = ['left', 'middle', 'right'] as const;

/**
 * The mouse event of one SGR report (its leading ESC may be left out), or undefined when it is not
 * one the app reads (motion, other buttons). x and y are 1-based screen cells.
 */
export function parseMouseReport(input: string): MouseEvent | undefined {
  const m = SGR_REPORT.exec(input);
  if (!m) return undefined;
  const code = Number(m[1]);
  const x = Number(m[2]);
  const y = Number(m[3]);
  // Bits 4, 8, 16 are Shift, Meta, Ctrl; 32 is motion (not asked for); 64 marks the wheel.
  const button = code & 0b11;
  if (code & 64) return button <= 1 ? { kind: 'wheel', direction: button === 0 ? 'up' : 'down', x, y } : undefined;
  if (code & 32) return undefined;
  if (m[4] === 'm') return { kind: 'release', x, y };
  const name = BUTTONS[button];
  return name === undefined ? undefined : { kind: 'press', button: name, x, y };
}
