/** The app's theme at start-up: the one place the terminal is asked for its background. */
import { noColorWanted, themeFor } from './choose.js';
import { terminalCapabilities } from '../../terminfo/capabilities.js';
import { colorDepth, type ColorDepth } from './color-depth.js';
import { detectBackground, type BackgroundDetection, type DetectBackgroundOptions } from './detect.js';
import { LiveTheme } from './live-theme.js';
import type { Theme } from './tokens.js';
import { secondsText } from '../../api/http/response-deadline.js';
import { noColorTheme } from './themes/no-color.js';

export type StartupThemeOptions = Omit<DetectBackgroundOptions, 'depth' | 'onLate'> & {
  /** Told when the terminal's answer came after the wait and switched the theme (the debug log says so). */
  readonly onLateSwitch?: (detection: BackgroundDetection) => void;
};

export interface StartupTheme {
  readonly theme: Theme;
  readonly depth: ColorDepth;
  readonly detection: BackgroundDetection;
  /** The theme from now on: it changes when the terminal's answer comes after the wait. */
  readonly live: LiveTheme;
}

/**
 * The theme and colour depth for the interactive app. For `auto` with colours on, the terminal is
 * asked (OSC 11) — except the Linux console, whose background is black and whose older kernels
 * print an OSC they do not know.
 */
export async function chooseStartupTheme(options: StartupThemeOptions): Promise<StartupTheme> {
  const depth = startupColorDepth(options.env);
  const themeOf = (detection: BackgroundDetection): Theme => (noColorWanted(options.env) ? noColorTheme : themeFor(detection.background, depth));
  let live: LiveTheme | undefined;
  let late: BackgroundDetection | undefined;
  const detection = await detectBackground({
    ...options,
    depth,
    onLate: (answer) => {
      late = answer;
      // Before the app starts the answer is simply the one decided (and told as such).
      if (live === undefined) return;
      live.set(themeOf(answer));
      options.onLateSwitch?.(answer);
    },
  });
  const decided = late ?? detection;
  live = new LiveTheme(themeOf(decided));
  return { theme: live.current(), depth, detection: decided, live };
}

/** The debug log's line for a late answer that switched the theme: `background light (late answer, 1.4 s)`. */
export function lateBackgroundLine(detection: BackgroundDetection): string {
  return `background ${detection.background} (late answer, ${secondsText(detection.replyMs ?? 0)})`;
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
