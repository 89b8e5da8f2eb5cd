/**
 * The app's theme decision with its reasons, for `pagetui doctor`: the same detection as the app's
 * start (detect.ts, asking the real terminal when the app would), told step by step.
 */
import { backgroundFromColorFgBg, type Background } from './background.js';
import { isThemeChoice, noColorWanted, themeChoice, type ThemeChoice } from './choose.js';
import type { ColorDepth } from './color-depth.js';
import { detectBackground } from './detect.js';
import type { BackgroundQueryIo } from './query-background.js';
import { startupColorDepth, type StartupThemeOptions } from './startup.js';

export interface ThemeExplanation {
  readonly depth: ColorDepth;
  readonly choice: ThemeChoice;
  readonly choiceFrom: 'PAGETUI_THEME' | 'config' | 'default';
  /** Undefined: no colours (NO_COLOR, or a terminal without them); bold and reverse video only. */
  readonly background?: Background;
  /** What decided the background. */
  readonly backgroundFrom?: 'terminal' | 'COLORFGBG' | 'default' | 'choice';
  /** The OSC 11 query, when it was sent: whether the terminal answered, and how long the wait took. */
  readonly query?: { readonly answered: boolean; readonly ms: number; readonly answeredDa1?: boolean };
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
 * Like the app's query, it leaves stdin in raw mode after asking; the caller restores it.
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
  if (!io.stdin.isTTY || !io.stdout.isTTY) {
    // Nobody to ask: what the app decides without an answer (COLORFGBG, else dark).
    const notAsked = choice === 'auto' && !colourless && !(env['TERM'] ?? '').startsWith('linux') ? 'not a terminal' : notAskedReason(choice, env, depth);
    if (colourless) return { ...base, notAsked };
    if (choice !== 'auto') return { ...base, notAsked, background: choice, backgroundFrom: 'choice' };
    const fromFgBg = backgroundFromColorFgBg(env['COLORFGBG']);
    return { ...base, notAsked, background: fromFgBg ?? 'dark', backgroundFrom: fromFgBg ? 'COLORFGBG' : 'default' };
  }
  const started = performance.now();
  const detection = await detectBackground({ env, io, depth, ...(opts.configured === undefined ? {} : { configured: opts.configured }) });
  const asked = detection.how === 'terminal' || detection.how === 'terminal-late' || ((detection.how === 'COLORFGBG' || detection.how === 'default') && !colourless);
  const query = asked ? { answered: detection.how.startsWith('terminal'), ms: Math.round(detection.replyMs ?? performance.now() - started), answeredDa1: detection.replyMs !== undefined } : undefined;
  const why = query ? { query } : { notAsked: notAskedReason(choice, env, depth) };
  if (colourless) return { ...base, ...why };
  if (choice !== 'auto') return { ...base, ...why, background: choice, backgroundFrom: 'choice' };
  const backgroundFrom = detection.how.startsWith('terminal') ? 'terminal' : detection.how === 'COLORFGBG' ? 'COLORFGBG' : 'default';
  return { ...base, ...why, background: detection.background, backgroundFrom };
}
