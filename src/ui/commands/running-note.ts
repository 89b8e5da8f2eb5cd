/**
 * The footer while background commands of the user's own run: their names first, in words a
 * screen reader says as they are ('running: Hang bg, Other bg'), then the key hints in what is left.
 */
import { displayWidth, truncate } from '../../text/width.js';

/** At most this share of the footer goes to the note, so the keys stay in sight. */
const NOTE_SHARE = 0.5;

export function withRunningNote(names: readonly string[] | undefined, width: number, hints: (width: number) => string): string {
  if (!names || names.length === 0) return hints(width);
  const note = truncate(`running: ${names.join(', ')}`, Math.max(1, Math.floor(width * NOTE_SHARE)));
  const rest = width - displayWidth(note) - 2;
  return rest > 0 ? `${note}  ${hints(rest)}` : note;
}
