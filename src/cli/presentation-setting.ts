/**
 * Whether the app runs for a screen reader or without motion, and why: `--screen-reader`,
 * PAGETUI_SCREEN_READER, INK_SCREEN_READER=true (ink's own switch, which pagetui honours with its
 * mode), `"screenReader"` in the config file; `--reduce-motion`, `"reduceMotion"`, or the screen
 * reader mode, which has no motion either. `pagetui doctor` says the same.
 */
import type { Env } from '../auth/paths.js';
import type { PresentationConfig } from '../auth/presentation-config.js';

export interface PresentationSetting {
  readonly screenReader: boolean;
  readonly reduceMotion: boolean;
  /** Where each came from, in words ("--screen-reader", "PAGETUI_SCREEN_READER=1", …); undefined when off. */
  readonly screenReaderFrom?: string;
  readonly reduceMotionFrom?: string;
}

export interface PresentationFlags {
  readonly screenReader?: boolean;
  readonly reduceMotion?: boolean;
}

const ON = /^(1|true|yes|on)$/i;
const OFF = /^(0|false|no|off)$/i;

function screenReaderSource(flags: PresentationFlags, env: Env, config: PresentationConfig): string | undefined {
  if (flags.screenReader) return '--screen-reader';
  const own = env['PAGETUI_SCREEN_READER']?.trim() ?? '';
  if (ON.test(own)) return `PAGETUI_SCREEN_READER=${own}`;
  // PAGETUI_SCREEN_READER=0 turns it off whatever else says so (a shared shell profile, say).
  if (OFF.test(own)) return undefined;
  if (env['INK_SCREEN_READER'] === 'true') return 'INK_SCREEN_READER=true';
  if (config.screenReader === true) return '"screenReader": true in the config file';
  return undefined;
}

export function presentationSetting(flags: PresentationFlags, env: Env, config: PresentationConfig): PresentationSetting {
  const screenReaderFrom = screenReaderSource(flags, env, config);
  const reduceMotionFrom = flags.reduceMotion
    ? '--reduce-motion'
    : config.reduceMotion === true
      ? '"reduceMotion": true in the config file'
      : screenReaderFrom === undefined
        ? undefined
        : 'the screen reader mode';
  return {
    screenReader: screenReaderFrom !== undefined,
    reduceMotion: reduceMotionFrom !== undefined,
    ...(screenReaderFrom === undefined ? {} : { screenReaderFrom }),
    ...(reduceMotionFrom === undefined ? {} : { reduceMotionFrom }),
  };
}
