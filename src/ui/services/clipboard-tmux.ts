/**
 * Copying inside tmux, through tmux itself. An OSC 52 wrapped for passthrough is dropped by tmux
 * 3.3+ unless `allow-passthrough` is on (it is off by default), so the text goes to tmux's paste
 * buffer with `load-buffer`; from 3.2 on, `-w` also hands it to the outer terminal's clipboard
 * where `set-clipboard` allows. Passthrough is used only where tmux lets it through.
 */

export interface TmuxVersion {
  readonly major: number;
  readonly minor: number;
}

/** `tmux -V` output ('tmux 3.3a', 'tmux next-3.4', 'tmux openbsd-7.4') as a version; builds without a number count as new. */
export function parseTmuxVersion(output: string): TmuxVersion {
  const match = /(\d+)\.(\d+)/.exec(output);
  if (!match || /openbsd/i.test(output)) return { major: 99, minor: 0 };
  return { major: Number(match[1]), minor: Number(match[2]) };
}

const atLeast = (v: TmuxVersion, major: number, minor: number) => v.major > major || (v.major === major && v.minor >= minor);

/** The `load-buffer` arguments: `-w` (also the outer clipboard) exists from tmux 3.2. */
export const loadBufferArgs = (version: TmuxVersion): string[] =>
  atLeast(version, 3, 2) ? ['load-buffer', '-w', '-'] : ['load-buffer', '-'];

/** Whether `load-buffer` already reached the outer terminal's clipboard (as far as tmux can). */
const loadBufferReachesTerminal = (version: TmuxVersion): boolean => atLeast(version, 3, 2);

/**
 * Whether tmux passes a passthrough sequence on: what `show -gv allow-passthrough` says ('on' or
 * 'all'); before 3.3 the option does not exist and passthrough always worked.
 */
export function passthroughAllowed(version: TmuxVersion, optionValue: string | undefined): boolean {
  if (!atLeast(version, 3, 3)) return true;
  const value = optionValue?.trim();
  return value === 'on' || value === 'all';
}

export type TmuxCopyMethod = 'tmux buffer' | 'tmux buffer + OSC 52' | 'OSC 52 via tmux';

export interface TmuxDeps {
  /** `tmux` on PATH, or undefined. */
  readonly tmux: string | undefined;
  readonly run: (path: string, args: readonly string[], input: string) => Promise<void>;
  readonly read: (path: string, args: readonly string[]) => Promise<string>;
  /** Sends the OSC 52 through passthrough; false when the text is too large for it. */
  readonly sendPassthrough: (text: string) => boolean;
}

/** Copies `text` through tmux; rejects with a status-bar reason when nothing could take it. */
export function createTmuxCopy(deps: TmuxDeps): (text: string) => Promise<TmuxCopyMethod> {
  const tmux = deps.tmux;
  let version: Promise<TmuxVersion> | undefined;
  const tmuxVersion = (path: string) =>
    (version ??= deps.read(path, ['-V']).then(parseTmuxVersion, () => ({ major: 99, minor: 0 })));

  return async (text) => {
    if (tmux === undefined) throw new Error('tmux is not on PATH, so its buffer cannot be reached');
    const v = await tmuxVersion(tmux);
    let loadError: unknown;
    try {
      await deps.run(tmux, loadBufferArgs(v), text);
      if (loadBufferReachesTerminal(v)) return 'tmux buffer';
    } catch (error) {
      loadError = error;
    }
    const option = await deps.read(tmux, ['show', '-gv', 'allow-passthrough']).catch(() => undefined);
    const sent = passthroughAllowed(v, option) && deps.sendPassthrough(text);
    if (loadError === undefined) return sent ? 'tmux buffer + OSC 52' : 'tmux buffer';
    if (sent) return 'OSC 52 via tmux';
    const reason = loadError instanceof Error ? loadError.message : String(loadError);
    throw new Error(`tmux did not take it (${reason}) and its passthrough is off`);
  };
}
