/** The built CLI for the e2e cases of this folder: run with a pipe, or given an environment for a pty. */
import { spawn } from 'node:child_process';
import { BUNDLE } from '../helpers/pty-app.js';
import type { Env } from './helpers.js';

/** Runs the built CLI with `stdin` piped in (none: closed at once); resolves with its exit code and output. */
export function runBundle(args: string[], env: Env, stdin = ''): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUNDLE, ...args], { env: env as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
    child.stdin.on('error', () => undefined); // EPIPE when the CLI ends without reading
    child.stdin.end(stdin);
  });
}

/** `env` as PtyApp takes it (added to the parent's): the parent's variables not in `env` are set undefined. */
export function forPty(env: Env): Env {
  const extra: Env = { ...env };
  for (const k of Object.keys(process.env)) if (!(k in env)) extra[k] = undefined;
  return extra;
}
