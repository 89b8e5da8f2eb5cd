/**
 * Which background the app draws for, how that was decided and how long the terminal took to
 * answer: for the app's theme at start-up and for anyone reporting on the terminal.
 */
import { backgroundFromColorFgBg, type Background } from './background.js';
import { colorDepth, type ColorDepth } from './color-depth.js';
import { isLight, type Rgb } from './luminance.js';
import { noColorWanted, themeChoice, type ThemeChoice } from './choose.js';
import { queryBackground, type BackgroundQueryIo } from './query-background.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * How the background was decided: chosen (`--theme`, PAGETUI_THEME, the config's "theme"), the
 * terminal's OSC 11 answer (`late`: after the wait, the app redrawn in it), COLORFGBG, or the
 * default. `not-asked`: colours off (NO_COLOR, a terminal without colours) or the Linux console.
 */
export type BackgroundHow = 'flag' | 'PAGETUI_THEME' | 'config' | 'terminal' | 'terminal-late' | 'COLORFGBG' | 'default' | 'not-asked';

export interface BackgroundDetection {
  readonly background: Background;
  readonly how: BackgroundHow;
  /** From the query to the terminal's first answer (OSC 11, else DA1); undefined when it answered nothing or was not asked. */
  readonly replyMs?: number;
}

export interface DetectBackgroundOptions {
  readonly env: Env;
  readonly io: BackgroundQueryIo;
  readonly flag?: ThemeChoice;
  readonly configured?: ThemeChoice;
  /** The terminal's colour depth, when known better than from the environment alone (terminfo). */
  readonly depth?: ColorDepth;
  /** Wait at most this long for the terminal (query-background.ts's ANSWER_CAP_MS by default). */
  readonly capMs?: number;
  /** The terminal's OSC 11 answer came after the wait: the background it says. */
  readonly onLate?: (detection: BackgroundDetection) => void;
}

function fromColor(color: Rgb): Background {
  return isLight(color) ? 'light' : 'dark';
}

/** Without the terminal's answer: COLORFGBG, else dark. */
function fallback(env: Env, replyMs: number | undefined): BackgroundDetection {
  const fromEnv = backgroundFromColorFgBg(env['COLORFGBG']);
  const base = fromEnv ? { background: fromEnv, how: 'COLORFGBG' as const } : { background: 'dark' as const, how: 'default' as const };
  return replyMs === undefined ? base : { ...base, replyMs };
}

/** The choice made by the user, and where it was made; undefined for `auto`. */
function chosen(options: DetectBackgroundOptions): BackgroundDetection | undefined {
  const choice = themeChoice(options.flag, options.env, options.configured);
  if (choice === 'auto') return undefined;
  const fromEnv = themeChoice(undefined, options.env) !== 'auto' && options.env['PAGETUI_THEME'] !== undefined;
  const how = options.flag ? 'flag' : fromEnv ? 'PAGETUI_THEME' : 'config';
  return { background: choice, how };
}

/** Whether asking the terminal is worth it: colours on, and not the Linux console (whose older kernels print an OSC they do not know). */
function worthAsking(env: Env, depth: ColorDepth = colorDepth(env)): boolean {
  return !noColorWanted(env) && depth !== 'none' && !(env['TERM'] ?? '').startsWith('linux');
}

/** The background: the user's choice, else the terminal's answer, else COLORFGBG, else dark. */
export async function detectBackground(options: DetectBackgroundOptions): Promise<BackgroundDetection> {
  const choice = chosen(options);
  if (choice) return choice;
  if (!worthAsking(options.env, options.depth)) return { ...fallback(options.env, undefined), how: 'not-asked' };
  const { onLate } = options;
  const answer = await queryBackground(options.io, {
    ...(options.capMs === undefined ? {} : { capMs: options.capMs }),
    ...(onLate ? { onLate: (color: Rgb, replyMs: number) => onLate({ background: fromColor(color), how: 'terminal-late', replyMs }) } : {}),
  });
  if (answer.color) return { background: fromColor(answer.color), how: 'terminal', replyMs: answer.replyMs ?? 0 };
  return fallback(options.env, answer.replyMs);
}
