import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { CommandIo } from '../../src/cli/commands/auth-commands.js';

/** A recognisable key that must never show up in any output. */
export const SECRET = 'SECRET-KEY-1234567890';

const made: string[] = [];

/** A fresh temp folder, removed by {@link cleanupTemp}. */
export function tempDir(prefix = 'pagetui-cli-auth-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function cleanupTemp(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

export type Env = Record<string, string | undefined>;

/**
 * process.env with its own HOME and XDG_CONFIG_HOME, no pagetui settings and no D-Bus session (no
 * bus address, no display, an empty XDG_RUNTIME_DIR), so no real keychain is reachable.
 */
export function isolatedEnv(extra: Env = {}): Env {
  const env: Env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('PAGETUI_')) delete env[k];
  // Ink draws nothing until exit when it thinks it runs in CI; the commands under test must draw.
  for (const k of ['CI', 'CONTINUOUS_INTEGRATION']) delete env[k];
  for (const k of ['DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY', 'GNOME_KEYRING_CONTROL']) delete env[k];
  const root = tempDir();
  return { ...env, HOME: root, XDG_CONFIG_HOME: join(root, 'config'), XDG_RUNTIME_DIR: tempDir('pagetui-rt-'), ...extra };
}

export interface CapturedIo {
  readonly io: CommandIo;
  readonly stdout: () => string;
  readonly stderr: () => string;
}

function collect(stream: PassThrough): () => string {
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    text += chunk;
  });
  return () => text;
}

/** Streams a command runs with: stdin holds `stdinText` (not a terminal), stdout/stderr are captured. */
export function captureIo(env: Env, stdinText = ''): CapturedIo {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const io: CommandIo = { stdin: Readable.from([stdinText]), stdout, stderr, env };
  return { io, stdout: collect(stdout), stderr: collect(stderr) };
}

/** A loopback port nothing listens on (bound, then closed). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
