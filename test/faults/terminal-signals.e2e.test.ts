/**
 * The built app in a real pty, under a shell, ended every way a session ends: SIGTERM, SIGHUP (an
 * SSH session dropping), SIGINT, an uncaught exception and an unhandled rejection (raised from
 * outside by a preloaded test fixture), and suspended with Ctrl-Z and resumed with `fg`. After each,
 * the shell's terminal must be as it was: alternate screen left, cursor shown, line discipline
 * cooked again (checked with `stty -a`), no key material printed.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostileServer, makeGroups } from './helpers/hostile-server.js';
import { appCommand, isCooked, restoredAfterLastEntry, ShellPty } from './helpers/shell-pty.js';

const KEY = 'SIGNAL-TEST-KEY-5f2c9a';
const CRASH_FIXTURE = fileURLToPath(new URL('./fixtures/crash-on-signal.cjs', import.meta.url));
const END = 'END-OF-SESSION';

let server: HostileServer;

beforeAll(async () => {
  server = await HostileServer.start({ pageSize: 100 });
  server.groups = makeGroups('g', 40);
});
afterAll(async () => {
  await server.close();
});

/** The app under `sh -c`, followed by its exit status and the terminal settings it left behind. */
function appUnderShell(nodeFlags: string[] = [], env: Record<string, string> = {}): ShellPty {
  const script = `${appCommand(['--base-url', server.url], nodeFlags)}; echo "EXIT=$?"; stty -a; echo ${END}`;
  return ShellPty.sh(script, { env: { PAGETUI_API_KEY: KEY, ...env } });
}

/** Everything after the app ended: `EXIT=n` and the `stty -a` output. */
function afterApp(raw: string): { exit: number; stty: string } {
  const m = /EXIT=(\d+)([\s\S]*)END-OF-SESSION/.exec(raw);
  if (!m) throw new Error(`no exit status in:\n${raw.slice(-500)}`);
  return { exit: Number(m[1]), stty: m[2] ?? '' };
}

function expectCleanTerminal(sh: ShellPty): void {
  expect(restoredAfterLastEntry(sh.raw)).toEqual({ leftAltScreen: true, cursorShown: true });
  expect(sh.bufferType()).toBe('normal');
  expect(isCooked(afterApp(sh.raw).stty)).toBe(true);
  expect(sh.raw).not.toContain(KEY);
}

describe('ending the app from outside', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ] as const)('%s leaves the terminal restored and exits %i', async (signal, code) => {
    const sh = appUnderShell();
    try {
      await sh.waitFor('Group g0');
      expect(sh.bufferType()).toBe('alternate');
      process.kill(await sh.appPid(), signal);
      await sh.waitFor(END, 10_000, true);
      expect(afterApp(sh.raw).exit).toBe(code);
      expectCleanTerminal(sh);
      await sh.waitForExit();
    } finally {
      sh.kill();
    }
  });

  it.each(['throw', 'reject'])('an uncaught failure (%s) restores the terminal and says so in one line', async (kind) => {
    const sh = appUnderShell(['--require', CRASH_FIXTURE], { FAULT_CRASH: kind });
    try {
      await sh.waitFor('Group g0');
      process.kill(await sh.appPid(), 'SIGUSR2');
      await sh.waitFor(END, 10_000, true);
      expect(afterApp(sh.raw).exit).toBe(1);
      expectCleanTerminal(sh);
      const report = sh.raw.slice(sh.raw.lastIndexOf('\u001b[?1049l'), sh.raw.indexOf('EXIT='));
      expect(report).toMatch(/pagetui: unexpected failure: injected (crash|rejection) for the fault suite/);
      expect(report).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      sh.kill();
    }
  });
});

describe('Ctrl-Z and fg under a job-control shell', () => {
  /** Starts the app from an interactive bash, selects g1, suspends it, checks the shell's terminal, runs fg. */
  async function suspendAndResume(): Promise<{ sh: ShellPty; beforeFg: number }> {
    const sh = new ShellPty('bash', ['--norc', '--noprofile', '-i'], { env: { PAGETUI_API_KEY: KEY, PS1: 'READY$ ' } });
    await sh.waitFor('READY$');
    sh.write(`${appCommand(['--base-url', server.url])}\r`);
    await sh.waitFor('Group g0');
    sh.write('j');
    await waitUntil(sh, () => sh.isHighlighted(sh.rowOf('Group g1')));

    sh.write('\u001a'); // Ctrl-Z
    await sh.waitFor(/Stopped/);
    expect(sh.bufferType()).toBe('normal');
    expect(restoredAfterLastEntry(sh.raw)).toEqual({ leftAltScreen: true, cursorShown: true });
    sh.write('stty -a; echo STTY-DONE\r');
    const stopped = await sh.waitFor(/\nSTTY-DONE/, 10_000, true);
    expect(isCooked(stopped.slice(stopped.lastIndexOf('stty -a')))).toBe(true);

    const beforeFg = sh.raw.length;
    sh.write('fg\r');
    await waitUntil(sh, () => sh.bufferType() === 'alternate');
    return { sh, beforeFg };
  }

  it('suspends with the terminal restored; after fg raw mode is back and q exits cleanly', async () => {
    const { sh, beforeFg } = await suspendAndResume();
    try {
      expect(sh.raw.slice(beforeFg)).toContain('\u001b[?1049h');
      // Raw mode is back: a single key acts at once, no Enter needed, and the frame is complete.
      sh.write('j');
      await waitUntil(sh, () => sh.isHighlighted(sh.rowOf('Group g2')));
      expect(sh.screen()).toContain('Group g0');
      expect(sh.screen()).toContain('TITLE');

      sh.write('q');
      await waitUntil(sh, () => sh.bufferType() === 'normal');
      sh.write(`echo "EXIT=$?"; stty -a; echo ${END}\r`);
      await sh.waitFor(new RegExp(`\\n${END}`), 10_000, true);
      expect(afterApp(sh.raw.slice(sh.raw.lastIndexOf('echo "EXIT'))).exit).toBe(0);
      expectCleanTerminal(sh);
      sh.write('exit\r');
      await sh.waitForExit();
    } finally {
      sh.kill();
    }
  });

  // The screen was cleared while suspended; the app must draw its frame again by itself.
  it('fg redraws the whole frame, with the selection, without a key press', async () => {
    const { sh } = await suspendAndResume();
    try {
      await waitUntil(sh, () => sh.rowOf('Group g0') >= 0 && sh.isHighlighted(sh.rowOf('Group g1')), 3000);
    } finally {
      sh.kill();
    }
  });
});

async function waitUntil(sh: ShellPty, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out on ${check.toString()}; ${sh.bufferType()} screen:\n${sh.screen()}\nraw tail: ${JSON.stringify(sh.raw.slice(-300))}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}
