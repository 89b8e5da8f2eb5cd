/** The app's theme at start-up: the one place the terminal is asked for its background. */
import { pickTheme, noColorWanted, themeChoice, type ThemeChoice } from './choose.js';
import { terminalCapabilities } from '../../terminfo/capabilities.js';
import { colorDepth, type ColorDepth } from './color-depth.js';
import { queryBackground, type BackgroundQueryIo } from './query-background.js';
import type { Theme } from './tokens.js';

export interface StartupThemeOptions {
  readonly flag?: ThemeChoice;
  /** The config file's `theme`. */
  readonly configured?: ThemeChoice;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly io: BackgroundQueryIo;
}

/**
 * The theme and colour depth for the interactive app. For `auto` with colours on, the terminal is
 * asked (OSC 11) — except the Linux console, whose background is black and whose older kernels
 * print an OSC they do not know.
 */
export async function chooseStartupTheme({ flag, configured, env, io }: StartupThemeOptions): Promise<{ theme: Theme; depth: ColorDepth }> {
  const depth = startupColorDepth(env);
  const choice = themeChoice(flag, env, configured);
  const ask = shouldAskBackground(choice, env, depth);
  const reply = ask ? await queryBackground(io) : undefined;
  return { theme: pickTheme({ choice, env, depth, ...(reply ? { reply } : {}) }), depth };
}

/** Whether the terminal is asked its background: `auto` with colours on, not the Linux console. */
export function shouldAskBackground(choice: ThemeChoice, env: StartupThemeOptions['env'], depth: ColorDepth): boolean {
  return choice === 'auto' && !noColorWanted(env) && depth !== 'none' && !(env['TERM'] ?? '').startsWith('linux');
}

/** The terminal's colour depth, from the environment and terminfo (known before the terminal is asked anything). */
export function startupColorDepth(env: StartupThemeOptions['env']): ColorDepth {
  return colorDepth(env, terminfoColors(env));
}

/** terminfo's `colors` for TERM's entry; undefined when there is no entry (the name decides then). */
function terminfoColors(env: StartupThemeOptions['env']): number | undefined {
  const capabilities = terminalCapabilities(env);
  return capabilities.entry === undefined ? undefined : capabilities.colors;
}
