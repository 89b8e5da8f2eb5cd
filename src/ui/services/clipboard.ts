/**
 * Copying text to the user's clipboard. Over SSH, or where no local clipboard tool exists, the
 * text goes to the terminal itself as an OSC 52 sequence (the terminal puts it on the clipboard of
 * the machine the user sits at), wrapped for tmux's passthrough inside tmux. Otherwise a local
 * tool (wl-copy, xclip, xsel, pbcopy) gets it on stdin. No shell is involved anywhere.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Largest OSC 52 payload (base64 characters) sent; many terminals drop longer ones. */
export const OSC52_MAX_PAYLOAD = 100_000;

export interface CopyResult {
  /** How the text was copied, as the status bar says it: 'OSC 52', 'xclip', … */
  readonly method: string;
}

/** Puts text on the clipboard; rejects with a message fit for the status bar. */
export interface Clipboard {
  copy(text: string): Promise<CopyResult>;
}

interface Tool {
  readonly name: string;
  readonly args: readonly string[];
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
}

/** Removes every control character (C0, DEL, C1): copied text never carries terminal controls. */
export function clipboardSafe(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

/** The OSC 52 sequence that sets the clipboard to `text`; wrapped for tmux passthrough if asked. */
export function osc52Sequence(text: string, inTmux: boolean): string {
  const sequence = `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
  if (!inTmux) return sequence;
  // tmux passes a DCS "tmux;" payload through to the outer terminal, with every ESC doubled.
  return `\u001bPtmux;${sequence.replaceAll('\u001b', '\u001b\u001b')}\u001b\\`;
}

/** Local clipboard tools that can work in this environment, in order of preference. */
function candidateTools(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Tool[] {
  const tools: Tool[] = [];
  if (platform === 'darwin') tools.push({ name: 'pbcopy', args: [] });
  if (env.WAYLAND_DISPLAY) tools.push({ name: 'wl-copy', args: [] });
  if (env.DISPLAY) {
    tools.push({ name: 'xclip', args: ['-selection', 'clipboard'] });
    tools.push({ name: 'xsel', args: ['-b', '-i'] });
  }
  return tools;
}

/** Looks `name` up in PATH the way a shell would, without running one. */
function findOnPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

const TOOL_TIMEOUT_MS = 3000;

function runWithStdin(path: string, args: readonly string[], input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, [...args], { stdio: ['pipe', 'ignore', 'ignore'], shell: false });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('the clipboard tool did not finish'));
    }, TOOL_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`the clipboard tool exited with status ${String(code)}`));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

/** The clipboard for this process: OSC 52 over SSH or without a tool, else the local tool. */
export function createClipboard(deps: ClipboardDeps): Clipboard {
  const env = deps.env;
  const find = deps.findExecutable ?? findOnPath;
  const run = deps.runTool ?? runWithStdin;
  const remote = Boolean(env.SSH_TTY || env.SSH_CONNECTION);

  const viaTerminal = (text: string): CopyResult => {
    const payload = Math.ceil(Buffer.byteLength(text, 'utf8') / 3) * 4;
    if (payload > OSC52_MAX_PAYLOAD) {
      const kb = Math.ceil(Buffer.byteLength(text, 'utf8') / 1000);
      throw new Error(`too large to copy through the terminal (${kb} kB; OSC 52 is limited to ${OSC52_MAX_PAYLOAD / 1000} kB encoded)`);
    }
    deps.writeRaw(osc52Sequence(text, Boolean(env.TMUX)));
    return { method: 'OSC 52' };
  };

  return {
    async copy(raw: string): Promise<CopyResult> {
      const text = clipboardSafe(raw);
      if (!remote) {
        for (const tool of candidateTools(env, deps.platform ?? process.platform)) {
          const path = find(tool.name, env);
          if (path === undefined) continue;
          try {
            await run(path, tool.args, text);
            return { method: tool.name };
          } catch {
            break; // the tool exists but failed (no display?): the terminal may still manage
          }
        }
      }
      return viaTerminal(text);
    },
  };
}
