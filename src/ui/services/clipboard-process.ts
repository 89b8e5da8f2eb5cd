/**
 * Running the small programs the clipboard needs (wl-copy, xclip, tmux …): found on PATH without a
 * shell, the copied text on stdin only (never in argv), a time limit, and no way to reach our
 * terminal — their output is discarded or captured, and they start in a session of their own, so
 * they have no controlling terminal to open either.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { scrubbedEnv } from '../../text/redact.js';

const TOOL_TIMEOUT_MS = 3000;
/** More than any answer we read (`tmux -V`, an option value) needs. */
const MAX_OUTPUT = 4096;

/** Looks `name` up in PATH the way a shell would, without running one. */
export function findOnPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
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

/**
 * Runs `path` with `input` on stdin (or, without input, capturing at most a few kB of its stdout);
 * resolves with that output when it exits with status 0. A tool fed on stdin is done when it
 * exits: xclip and wl-copy leave a child behind to serve the selection, which must not be awaited.
 */
function runChild(path: string, args: readonly string[], input: string | undefined, env: NodeJS.ProcessEnv): Promise<string> {
  const name = path.split('/').pop() ?? path;
  return new Promise((resolve, reject) => {
    // Taken when first needed: loading node:child_process costs every start ~5 ms.
    const { spawn } = process.getBuiltinModule('node:child_process');
    const child = spawn(path, [...args], {
      stdio: input === undefined ? ['ignore', 'pipe', 'ignore'] : ['pipe', 'ignore', 'ignore'],
      shell: false,
      detached: true,
      // A tool such as xclip leaves a process serving the selection: the key must not be in its environ.
      env: scrubbedEnv(env),
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not finish within ${TOOL_TIMEOUT_MS / 1000} s`));
    }, TOOL_TIMEOUT_MS);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      if (output.length < MAX_OUTPUT) output += chunk.slice(0, MAX_OUTPUT - output.length);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new Error(`${name} could not be started (${error.code ?? error.message})`));
    });
    child.on(input === undefined ? 'close' : 'exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${name} exited with status ${String(code)}`));
    });
    if (child.stdin) {
      child.stdin.on('error', () => {});
      child.stdin.end(input);
    }
  });
}

/** Runs a tool with `input` on its stdin; resolves when it exits with status 0. */
export async function runWithStdin(path: string, args: readonly string[], input: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await runChild(path, args, input, env);
}

/** Runs a tool with nothing on stdin; resolves with (the start of) what it printed. */
export function readToolOutput(path: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return runChild(path, args, undefined, env);
}
