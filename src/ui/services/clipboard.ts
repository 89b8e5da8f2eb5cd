/**
 * Copying text to the user's clipboard, and saying truthfully how. Inside tmux the text goes
 * through tmux (clipboard-tmux.ts); inside GNU screen, as OSC 52 through screen's passthrough.
 * Elsewhere a local tool (wl-copy, xclip, xsel, pbcopy) gets it on stdin where one is usable; over
 * SSH or without one, the terminal gets it as OSC 52 — and only the terminal knows whether it took
 * it. No shell is involved anywhere, and the text is never in a child's argv.
 */
import { replaceControlChars } from '../../text/sanitize.js';
import { findOnPath, readToolOutput, runWithStdin } from './clipboard-process.js';
import { createTmuxCopy } from './clipboard-tmux.js';

/** Largest OSC 52 payload (base64 characters) sent; many terminals drop longer ones. */
export const OSC52_MAX_PAYLOAD = 100_000;

export interface CopyResult {
  /**
   * How the text left: a local tool's name ('wl-copy'), through tmux (TmuxCopyMethod), or
   * 'OSC 52' / 'OSC 52 via screen'; store/copy-status.ts turns it into the status line.
   */
  readonly method: string;
}

/** Puts text on the clipboard; rejects with a message fit for the status bar. */
export interface Clipboard {
  copy(text: string): Promise<CopyResult>;
}

interface Tool {
  readonly name: 'pbcopy' | 'wl-copy' | 'xclip' | 'xsel';
  readonly args: readonly string[];
  /** The same tool setting the primary selection (what a middle click pastes), after the clipboard. */
  readonly primaryArgs?: readonly string[];
}

export interface ClipboardDeps {
  readonly env: NodeJS.ProcessEnv;
  /** Writes bytes straight to the terminal the app runs in. */
  readonly writeRaw: (data: string) => void;
  readonly platform?: NodeJS.Platform;
  /** Full path of an executable found on PATH, or undefined. */
  readonly findExecutable?: (name: string, env: NodeJS.ProcessEnv) => string | undefined;
  /** Runs a tool with `input` on its stdin; resolves when it exits with status 0. */
  readonly runTool?: (path: string, args: readonly string[], input: string) => Promise<void>;
  /** Runs a tool and resolves with what it printed (`tmux -V`). */
  readonly readTool?: (path: string, args: readonly string[]) => Promise<string>;
}

/** Removes every control character (C0, DEL, C1): copied text never carries terminal controls. */
export function clipboardSafe(text: string): string {
  return replaceControlChars(text);
}

/** The OSC 52 sequence that sets the clipboard to `text`; wrapped for tmux passthrough if asked. */
export function osc52Sequence(text: string, inTmux: boolean): string {
  const sequence = `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
  if (!inTmux) return sequence;
  // tmux passes a DCS "tmux;" payload through to the outer terminal, with every ESC doubled.
  return `\u001bPtmux;${sequence.replaceAll('\u001b', '\u001b\u001b')}\u001b\\`;
}

/**
 * OSC 52 for GNU screen's passthrough: screen hands a DCS string's content to the outer terminal
 * as it is, but keeps only a few hundred bytes of one, so the payload goes in 76-byte pieces.
 */
export function osc52ForScreen(text: string): string {
  const chunks = Buffer.from(text, 'utf8').toString('base64').match(/.{1,76}/g) ?? [];
  return `\u001bP\u001b]52;c;${chunks.join('\u001b\\\u001bP')}\u0007\u001b\\`;
}

/** Local clipboard tools that can work in this environment, in order of preference. */
function candidateTools(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Tool[] {
  const tools: Tool[] = [];
  if (platform === 'darwin') tools.push({ name: 'pbcopy', args: [] });
  if (env.WAYLAND_DISPLAY) tools.push({ name: 'wl-copy', args: [], primaryArgs: ['--primary'] });
  if (env.DISPLAY) {
    tools.push({ name: 'xclip', args: ['-selection', 'clipboard'], primaryArgs: ['-selection', 'primary'] });
    tools.push({ name: 'xsel', args: ['-b', '-i'], primaryArgs: ['-p', '-i'] });
  }
  return tools;
}

type FindExecutable = NonNullable<ClipboardDeps['findExecutable']>;

/** The first usable local tool found on PATH. */
function firstTool(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, find: FindExecutable): { tool: Tool; path: string } | undefined {
  for (const tool of candidateTools(env, platform)) {
    const path = find(tool.name, env);
    if (path !== undefined) return { tool, path };
  }
  return undefined;
}

/** The way `copy` sends text in this environment, told without copying anything (for `pagetui doctor`). */
export type ClipboardRoute =
  /** Through tmux (its buffer, then passthrough); `tmux` is its path, undefined when not on PATH. */
  | { readonly kind: 'tmux'; readonly tmux?: string }
  | { readonly kind: 'screen' }
  | { readonly kind: 'tool'; readonly name: Tool['name']; readonly path: string }
  /** OSC 52 to the terminal: over SSH, or where no local tool was found. */
  | { readonly kind: 'osc52'; readonly reason: 'ssh' | 'no tool' };

export function clipboardRoute(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, find: FindExecutable = findOnPath): ClipboardRoute {
  if (env.TMUX) {
    const tmux = find('tmux', env);
    return tmux === undefined ? { kind: 'tmux' } : { kind: 'tmux', tmux };
  }
  if (env.STY) return { kind: 'screen' };
  if (isRemote(env)) return { kind: 'osc52', reason: 'ssh' };
  const found = firstTool(env, platform, find);
  return found === undefined ? { kind: 'osc52', reason: 'no tool' } : { kind: 'tool', name: found.tool.name, path: found.path };
}

const isRemote = (env: NodeJS.ProcessEnv): boolean => Boolean(env.SSH_TTY || env.SSH_CONNECTION);

/** Throws the status-bar reason when `text` is too large for OSC 52. */
function checkOsc52Size(text: string): void {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (Math.ceil(bytes / 3) * 4 <= OSC52_MAX_PAYLOAD) return;
  throw new Error(`too large to copy through the terminal (${Math.ceil(bytes / 1000)} kB; OSC 52 is limited to ${OSC52_MAX_PAYLOAD / 1000} kB encoded)`);
}

/** The clipboard for this process: see the top of this file for which way is taken where. */
export function createClipboard(deps: ClipboardDeps): Clipboard {
  const env = deps.env;
  const find = deps.findExecutable ?? findOnPath;
  const run = deps.runTool ?? ((path, args, input) => runWithStdin(path, args, input, env));
  const read = deps.readTool ?? ((path, args) => readToolOutput(path, args, env));
  const remote = isRemote(env);

  const viaTerminal = (text: string): CopyResult => {
    checkOsc52Size(text);
    deps.writeRaw(osc52Sequence(text, false));
    return { method: 'OSC 52' };
  };

  const viaTmux = env.TMUX
    ? createTmuxCopy({
        tmux: find('tmux', env),
        run,
        read,
        sendPassthrough: (text) => {
          try {
            checkOsc52Size(text);
          } catch {
            return false;
          }
          deps.writeRaw(osc52Sequence(text, true));
          return true;
        },
      })
    : undefined;

  const viaTool = async (text: string): Promise<CopyResult | undefined> => {
    const found = firstTool(env, deps.platform ?? process.platform, find);
    if (found === undefined) return undefined;
    try {
      await run(found.path, found.tool.args, text);
    } catch {
      return undefined; // the tool exists but failed (no display?): the terminal may still manage
    }
    // The clipboard has it: a primary selection that cannot be set does not undo the copy.
    if (found.tool.primaryArgs) await run(found.path, found.tool.primaryArgs, text).catch(() => undefined);
    return { method: found.tool.name };
  };

  return {
    async copy(raw: string): Promise<CopyResult> {
      const text = clipboardSafe(raw);
      if (viaTmux) return { method: await viaTmux(text) };
      if (env.STY) {
        checkOsc52Size(text);
        deps.writeRaw(osc52ForScreen(text));
        return { method: 'OSC 52 via screen' };
      }
      const copied = remote ? undefined : await viaTool(text);
      return copied ?? viaTerminal(text);
    },
  };
}
