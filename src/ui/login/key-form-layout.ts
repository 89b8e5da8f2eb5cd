/**
 * Which lines of the key form fit a terminal, as whole lines of at most `width` columns. The field
 * and what became of the last key always stay, and so do the line saying where the key will go and
 * a warning that carries a fix (the `chmod 600 …` command); the heading and the explanatory
 * sentences give way first, to a shorter form and then entirely (the note to its one-line `where`).
 * Nothing is left to the terminal's own wrapping, so no fragment of an earlier, longer line can
 * remain on screen.
 */
import { glyph } from '../../text/glyphs.js';
import { truncate } from '../../text/width.js';
import { wrap } from '../../text/wrap.js';

export interface FormText {
  readonly text: string;
  /** A shorter form used before the text is dropped (or, when `keep`, instead of it). */
  readonly short?: string;
  /** Never dropped: shown whole, in its short form when the long one does not fit. */
  readonly keep?: boolean;
}

export interface KeyFormInput {
  readonly width: number;
  readonly height: number;
  readonly heading: string;
  /** Warnings above the field (the keychain's problem, a credentials file others can read). */
  readonly warnings: readonly FormText[];
  readonly note: FormText;
  /** One line saying where the key goes, shown in place of the note (which says it too) when the note does not fit. */
  readonly where?: string;
  /** The shape problem or the check's word on the last key, under the field. */
  readonly feedback?: string;
}

export interface KeyFormLines {
  readonly heading: readonly string[];
  /** One entry per warning shown, in the order given, each as its lines. */
  readonly warnings: readonly (readonly string[])[];
  readonly note: readonly string[];
  readonly feedback: readonly string[];
}

/** "2 s", "10 MB": a number never ends a line apart from its unit. */
export function joinNumbersToUnits(text: string): string {
  return text.replace(/(\d) (?=[A-Za-z\u00b5%]{1,3}\b)/g, '$1\u00a0');
}

const wrapped = (text: string, width: number): string[] => wrap(joinNumbersToUnits(text), width).map((line) => line.trimStart());

type Form = 'long' | 'short' | 'none';

function textLines(text: FormText, form: Form, width: number): string[] {
  if (form === 'none') return [];
  return wrapped(form === 'short' ? (text.short ?? text.text) : text.text, width);
}

/** The lines of the key form for `width` x `height` (the field's own line counts as one). */
export function keyFormLayout(input: KeyFormInput): KeyFormLines {
  const width = Math.max(1, input.width);
  const state = {
    heading: true,
    note: 'long' as Form,
    warnings: input.warnings.map((): Form => 'long'),
  };
  const feedbackFull = input.feedback === undefined ? [] : wrapped(input.feedback, width);
  const build = (feedback: readonly string[]): KeyFormLines => ({
    heading: state.heading ? [truncate(input.heading, width)] : [],
    warnings: input.warnings.map((w, i) => textLines(w, state.warnings[i] ?? 'none', width)).filter((l) => l.length > 0),
    note: state.note === 'none' && input.where !== undefined ? [truncate(input.where, width)] : textLines(input.note, state.note, width),
    feedback,
  });
  const height = (l: KeyFormLines) => l.heading.length + l.warnings.flat().length + l.note.length + 1 + l.feedback.length;
  // Each step gives up a little more, the least needed first.
  const steps: (() => void)[] = [
    () => (state.note = 'short'),
    ...input.warnings.map((w, i) => () => (state.warnings[i] = w.keep ? 'short' : 'none')),
    () => (state.note = 'none'),
    () => (state.heading = false),
  ];
  let layout = build(feedbackFull);
  for (const step of steps) {
    if (height(layout) <= input.height) return layout;
    step();
    layout = build(feedbackFull);
  }
  if (height(layout) <= input.height) return layout;
  const room = Math.max(1, input.height - (height(layout) - feedbackFull.length));
  layout = build(input.feedback === undefined ? [] : wrap(joinNumbersToUnits(input.feedback), width, room).map((l) => l.trimStart()));
  return input.where === undefined ? layout : { ...layout, warnings: cutToFit(layout.warnings, height(layout) - input.height, width) };
}

/**
 * The warnings less their last `excess` lines, the last line kept ending in an ellipsis: at the
 * smallest sizes, saying where the key goes wins even over a warning that carries a fix.
 */
function cutToFit(warnings: readonly (readonly string[])[], excess: number, width: number): (readonly string[])[] {
  const lines = warnings.map((w) => [...w]);
  let left = excess;
  for (let i = lines.length - 1; i >= 0 && left > 0; i--) {
    const w = lines[i] ?? [];
    const cut = Math.min(left, w.length);
    w.splice(w.length - cut, cut);
    left -= cut;
    const last = w.at(-1);
    if (last !== undefined && cut > 0) w[w.length - 1] = truncate(`${last}${glyph('ellipsis')}`, width);
  }
  return lines.filter((w) => w.length > 0);
}
