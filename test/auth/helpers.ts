import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A recognisable key that must never show up in a message, argv or the environment of a child. */
export const SECRET = 'SECRET-KEY-1234567890';

const made: string[] = [];

/** A fresh temp folder, removed by {@link cleanupTemp}. */
export function tempDir(prefix = 'pagetui-auth-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function cleanupTemp(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

type Env = Record<string, string | undefined>;

/** process.env without anything that could reach a real keychain or carry a key. */
function baseEnv(): Env {
  const env: Env = { ...process.env };
  for (const k of ['DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY', 'PAGETUI_API_KEY', 'PAGETUI_BASE_URL', 'PAGETUI_PROFILE', 'XDG_CONFIG_HOME']) {
    delete env[k];
  }
  return env;
}

/**
 * An environment with its own XDG_CONFIG_HOME and no D-Bus session: no bus address, no display,
 * and an empty XDG_RUNTIME_DIR (libdbus would otherwise find `$XDG_RUNTIME_DIR/bus`).
 */
export function noDbusEnv(extra: Env = {}): Env {
  const root = tempDir();
  return { ...baseEnv(), XDG_CONFIG_HOME: join(root, 'config'), XDG_RUNTIME_DIR: tempDir('pagetui-rt-'), ...extra };
}

/** Writes a CommonJS module into a temp folder and returns its path (a fake keytar). */
export function fakeModule(source: string): string {
  const path = join(tempDir('pagetui-fake-'), 'fake-keytar.cjs');
  writeFileSync(path, source);
  return path;
}

/** Resolves once `pid` no longer exists (killed and reaped), or rejects after `ms`. */
export async function waitForExit(pid: number, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    if (Date.now() > until) throw new Error(`process ${pid} is still alive`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
