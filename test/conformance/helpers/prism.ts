/**
 * Runs Stoplight Prism (a third-party OpenAPI mock and validating proxy) on a free loopback port,
 * and runs the built CLI's commands against it. Every child is bounded in time and killed by its
 * own pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { BUNDLE, cleanEnv } from '../../helpers/pty-app.js';

export const SPEC = fileURLToPath(new URL('../../../openapi/page-service.yaml', import.meta.url));
const PRISM = fileURLToPath(new URL('../../../node_modules/@stoplight/prism-cli/dist/index.js', import.meta.url));
// Seconds when the machine is idle; much longer when it is loaded.
const STARTUP_MS = 90_000;

export interface Prism {
  readonly url: string;
  /** Everything Prism logged so far. */
  log(): string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** `prism mock [...]` or `prism proxy [...]` with `spec`; resolves once it listens. */
export async function startPrism(mode: 'mock' | 'proxy', spec: string, extra: readonly string[] = [], upstream?: string): Promise<Prism> {
  const port = await freePort();
  const args = [PRISM, mode, '-h', '127.0.0.1', '-p', String(port), ...extra, spec, ...(upstream === undefined ? [] : [upstream])];
  const child = spawn(process.execPath, args, { env: cleanEnv({ NO_COLOR: '1' }), stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr.on('data', (c: Buffer) => (log += c.toString()));
  const stop = () => killChild(child);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Prism did not start within ${STARTUP_MS} ms:\n${log}`)), STARTUP_MS);
      const check = (): void => {
        if (/Prism is listening/.test(log)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', check);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Prism exited (${String(code)}) before listening:\n${log}`));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://127.0.0.1:${port}`, log: () => log, stop };
}

async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
  await gone;
  clearTimeout(timer);
}

export interface CliRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Killed for running past its time limit. */
  readonly timedOut: boolean;
}

/**
 * Runs the built CLI (`pagetui <args>`) with the key in the environment; killed after `timeoutMs`
 * (a hang; a run takes about a second on an idle machine, but many times that on a loaded one).
 */
export async function runCli(args: readonly string[], key: string, timeoutMs = 40_000): Promise<CliRun> {
  const child = spawn(process.execPath, [BUNDLE, ...args], { env: cleanEnv({ PAGETUI_API_KEY: key }), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
  clearTimeout(timer);
  return { code, signal, stdout, stderr, timedOut };
}

/** A run that ended by itself: exit 0, or a known error exit with one clear line and no stack trace. */
export function endedCleanly(run: CliRun): boolean {
  if (run.timedOut || run.signal !== null) return false;
  if (/^\s+at .+:\d+:\d+\)?$|TypeError|ReferenceError|RangeError|Unhandled|Assertion/m.test(run.stderr)) return false;
  if (run.code === 0) return true;
  return [2, 3, 4, 5, 6].includes(run.code ?? -1) && run.stderr.trim() !== '';
}
