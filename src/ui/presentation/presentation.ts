/**
 * How the app presents itself: as usual, with no motion (`--reduce-motion`), or for a screen
 * reader (`--screen-reader`, which implies no motion). Components read it from the context rather
 * than each screen having a copy of its own for the mode.
 */
import { createContext, useContext } from 'react';

export interface Presentation {
  /** The cursor rests on the selected row, rows read as sentences, only changes are written. */
  readonly screenReader: boolean;
  /** No spinner; anything that counts (a countdown, elapsed time, progress) changes at most every 5 s. */
  readonly reduceMotion: boolean;
}

export const USUAL: Presentation = { screenReader: false, reduceMotion: false };

/** The longest a counting text stays unchanged... and the shortest it may: counts change at most this often. */
export const CALM_MS = 5_000;

export const PresentationContext = createContext<Presentation>(USUAL);

export function usePresentation(): Presentation {
  return useContext(PresentationContext);
}
