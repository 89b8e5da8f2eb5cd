/**
 * The app's theme decision with its reasons, for `pagetui doctor`: the same steps as
 * chooseStartupTheme (startup.ts), the same query of the terminal, and what each step used.
 */
import { decideBackground, backgroundFromColorFgBg, type Background } from './background.js';
import { isThemeChoice, noColorWanted, themeChoice, type ThemeChoice } from './choose.js';
import type { ColorDepth } from './color-depth.js';
import { queryBackground, type BackgroundQueryIo } from './query-background.js';
import { shouldAskBackground, startupColorDepth, type StartupThemeOptions } from './startup.js';

export interface ThemeExplanation {
  readonly depth: ColorDepth;
  readonly choice: ThemeChoice;
  readonly choiceFrom: 'PAGETUI_THEME' | 'config' | 'default';
  /** Undefined: no colours (NO_COLOR, or a terminal without them); bold and reverse video only. */
  readonly background?: Background;
  /** What decided the background. */
  readonly backgroundFrom?: 'terminal' | 'COLORFGBG' | 'default' | 'choice';
  /** The OSC 11 query, when it was sent: whether the terminal answered, and how long the wait took. */
  readonly query?: { readonly answered: boolean; readonly ms: number };
  /** Why the terminal was not asked, when it was not. */
  readonly notAsked?: 'not a terminal' | 'theme chosen' | 'NO_COLOR' | 'no colours' | 'Linux console';
}

function notAskedReason(choice: ThemeChoice, env: StartupThemeOptions['env'], depth: ColorDepth): ThemeExplanation['notAsked'] {
  if (choice !== 'auto') return 'theme chosen';
  if (noColorWanted(env)) return 'NO_COLOR';
  if (depth === 'none') return 'no colours';
  return 'Linux console';
}

/**
 * Decides the theme as the app would at start-up, asking the real terminal when the app would.
 * Like queryBackground, it leaves stdin in raw mode after asking; the caller restores it.
 */
export async function explainStartupTheme(opts: {
  readonly configured?: ThemeChoice;
  readonly env: StartupThemeOptions['env'];
  readonly io: BackgroundQueryIo;
}): Promise<ThemeExplanation> {
  const { env, io } = opts;
  const depth = startupColorDepth(env);
  const choice = themeChoice(undefined, env, opts.configured);
  const fromEnv = env['PAGETUI_THEME']?.toLowerCase();
  const choiceFrom = isThemeChoice(fromEnv) ? 'PAGETUI_THEME' : opts.configured === undefined ? 'default' : 'config';
  const base = { depth, choice, choiceFrom } as const;
  const colourless = noColorWanted(env) || depth === 'none';
  const ask = shouldAskBackground(choice, env, depth);
  const terminal = io.stdin.isTTY && io.stdout.isTTY;
  let query: ThemeExplanation['query'];
  let reply;
  if (ask && terminal) {
    const started = performance.now();
    reply = await queryBackground(io);
    query = { answered: reply !== undefined, ms: Math.round(performance.now() - started) };
  }
  const notAsked = ask ? (terminal ? undefined : 'not a terminal') : notAskedReason(choice, env, depth);
  const why = { ...(query ? { query } : {}), ...(notAsked ? { notAsked } : {}) };
  if (colourless) return { ...base, ...why };
  if (choice !== 'auto') return { ...base, ...why, background: choice, backgroundFrom: 'choice' };
  const colorFgBg = env['COLORFGBG'];
  const backgroundFrom = reply ? 'terminal' : backgroundFromColorFgBg(colorFgBg) ? 'COLORFGBG' : 'default';
  return { ...base, ...why, background: decideBackground(reply, colorFgBg), backgroundFrom };
}
