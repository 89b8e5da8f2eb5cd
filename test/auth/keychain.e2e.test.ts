import { readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildChildArgs, buildChildEnv, buildChildInput, CHILD_SCRIPT } from '../../src/auth/keychain-child.js';
import {
  REASON_LOCKED,
  REASON_NOT_AVAILABLE,
  REASON_NO_DBUS,
  REASON_NO_SECRET_SERVICE,
  reasonForFailure,
} from '../../src/auth/keychain-errors.js';
import { deleteApiKey, getApiKey, probeKeychain, resolveKeytarPath, setApiKey } from '../../src/auth/keychain.js';
import { KEYTAR_INSTALLED, KEYTAR_LOADS, NO_DBUS_REASON, needsKeytar, skipUnlessAvailable } from '../helpers/keytar.js';
import { SECRET, cleanupTemp, fakeModule, noDbusEnv, tempDir, waitForExit } from './helpers.js';
import { settledAfter } from '../helpers/fake-time.js';

afterEach(cleanupTemp);

const ORIGIN = 'https://api.example';
const FALLBACKS = /PAGETUI_API_KEY.*`pagetui login --insecure-storage`/;

describe('keychain with no D-Bus session', () => {
  it('keytar is installed and resolvable from the module', (ctx) => {
    // Installed wherever Node runs (prebuilt binaries, no compiler), whether or not it loads here.
    skipUnlessAvailable(ctx, KEYTAR_INSTALLED ? undefined : '@github/keytar is not installed here');
    expect(resolveKeytarPath()).toMatch(/@github[\\/]keytar/);
  });

  for (const [label, extra] of [
    ['bus address unset, no DISPLAY', {}],
    ['bus address pointing nowhere', { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/pagetui-test-bus' }],
  ] as const) {
    it(`${label}: a clear reason naming the fallbacks, not a deadline's`, async () => {
      const env = noDbusEnv(extra);
      const results = [await getApiKey(ORIGIN, { env }), await setApiKey(ORIGIN, SECRET, { env }), await probeKeychain({ env })];
      for (const r of results) {
        expect(r).toEqual({ ok: false, reason: NO_DBUS_REASON });
      }
      // Where keytar cannot load (a machine with only Node: no libsecret), that is the reason; otherwise D-Bus.
      expect(NO_DBUS_REASON).toBe(
        KEYTAR_LOADS
          ? 'No keychain is reachable: there is no D-Bus session (common over SSH); set PAGETUI_API_KEY, or run `pagetui login --insecure-storage` to keep the key in a plaintext file.'
          : 'The keychain library is not available on this machine; set PAGETUI_API_KEY, or run `pagetui login --insecure-storage` to keep the key in a plaintext file.',
      );
      // Issue 3's "within 3 s": each call answered before its 2 s deadline (or the reason would
      // say so); the time three calls take is a figure of `node bench/limits.mjs`.
    });
  }

  it('where keytar is not installed, the module says so without starting a child', async (ctx) => {
    if (KEYTAR_INSTALLED) ctx.skip('@github/keytar is installed here; the no-keytar path is covered by the fake-module tests below');
    expect(resolveKeytarPath()).toBeUndefined();
    let spawned = false;
    const r = await getApiKey(ORIGIN, { env: noDbusEnv(), onSpawn: () => (spawned = true) });
    expect(r).toEqual({ ok: false, reason: REASON_NOT_AVAILABLE });
    expect(REASON_NOT_AVAILABLE).toMatch(FALLBACKS);
    expect(spawned).toBe(false);
  });
});

describe('keychain failures become one sentence', () => {
  it('a missing keytar module: "not available"', async () => {
    const r = await getApiKey(ORIGIN, { keytarPath: join(tempDir(), 'no-such-keytar.js'), env: noDbusEnv() });
    expect(r).toEqual({ ok: false, reason: REASON_NOT_AVAILABLE });
    expect(REASON_NOT_AVAILABLE).toMatch(/^The keychain library is not available on this machine; /);
  });

  it('a keytar that fails to load (libsecret missing): "not available"', async () => {
    const path = fakeModule(
      `throw new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory');`,
    );
    expect(await deleteApiKey(ORIGIN, { keytarPath: path, env: noDbusEnv() })).toEqual({ ok: false, reason: REASON_NOT_AVAILABLE });
  });

  it('maps known keytar messages', () => {
    const call = (message: string) => reasonForFailure({ stage: 'call', message });
    expect(call('Cannot autolaunch D-Bus without X11 $DISPLAY')).toBe(REASON_NO_DBUS);
    expect(call('Could not connect: No such file or directory')).toBe(REASON_NO_DBUS);
    expect(call('Object does not exist at path “/org/freedesktop/secrets/collection/login”')).toBe(REASON_LOCKED);
    expect(call('The name org.freedesktop.secrets was not provided by any .service files')).toBe(REASON_NO_SECRET_SERVICE);
    for (const r of [REASON_NO_DBUS, REASON_LOCKED, REASON_NO_SECRET_SERVICE, REASON_NOT_AVAILABLE]) {
      expect(r).toMatch(FALLBACKS);
      expect(r).not.toContain('\n');
    }
  });

  it('an unknown error is quoted on one line with the secret redacted', async () => {
    const path = fakeModule(`module.exports = {
      setPassword: async (s, a, p) => { throw new Error('weird failure for ' + p + '\\n    at stack frame'); },
    };`);
    const r = await setApiKey(ORIGIN, SECRET, { keytarPath: path, env: noDbusEnv() });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toMatch(/^The keychain reported an error \(weird failure for ••••\); set PAGETUI_API_KEY/);
    expect(r.reason).not.toContain(SECRET);
    expect(r.reason).not.toContain('stack frame');
  });

  it('a child that exits without answering', async () => {
    const path = fakeModule(`process.exit(3);`);
    const r = await getApiKey(ORIGIN, { keytarPath: path, env: noDbusEnv() });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/^The keychain helper stopped without answering; .*PAGETUI_API_KEY/);
  });
});

describe('deadline', () => {
  it('a keychain call that never answers is cut off at the deadline and the child is killed', async () => {
    const path = fakeModule(`module.exports = {
      getPassword: () => new Promise(() => { setInterval(() => {}, 1000); }),
    };`);
    let pid = 0;
    const r = await getApiKey(ORIGIN, { keytarPath: path, env: noDbusEnv(), timeoutMs: 400, onSpawn: (p) => (pid = p) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/^The keychain did not answer within 0\.4 s; set PAGETUI_API_KEY/);
    expect(pid).toBeGreaterThan(0);
    await waitForExit(pid);
  });

  it('a child stuck in a busy loop (ignoring everything but SIGKILL) is killed too', async () => {
    const path = fakeModule(`process.on('SIGTERM', () => {}); for (;;) {}`);
    let pid = 0;
    const r = await probeKeychain({ keytarPath: path, env: noDbusEnv(), timeoutMs: 500, onSpawn: (p) => (pid = p) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain('did not answer within 0.5 s');
    await waitForExit(pid);
  });

  it('the real keytar against a D-Bus socket that never answers: deadline, child killed', async (ctx) => {
    needsKeytar(ctx);
    const socketPath = join(tempDir(), 'silent-bus');
    const held: Socket[] = [];
    const server = createServer((s) => held.push(s)); // accepts, never replies
    await new Promise<void>((r) => server.listen(socketPath, r));
    try {
      let pid = 0;
      const env = noDbusEnv({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${socketPath}` });
      const r = await getApiKey(ORIGIN, { env, timeoutMs: 1000, onSpawn: (p) => (pid = p) });
      expect(r).toMatchObject({ ok: false, reason: expect.stringMatching(/^The keychain did not answer within 1 s; /) });
      await waitForExit(pid);
    } finally {
      for (const s of held) s.destroy();
      await new Promise((r) => server.close(r));
    }
  });

  it('the default deadline is 2 s', async () => {
    const path = fakeModule(`module.exports = { getPassword: () => new Promise(() => setInterval(() => {}, 1000)) };`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const asked = getApiKey(ORIGIN, { keytarPath: path, env: noDbusEnv() });
      expect(await settledAfter(asked, 1999)).toBe(false);
      expect(await settledAfter(asked, 1)).toBe(true);
      expect(await asked).toMatchObject({ ok: false, reason: expect.stringContaining('did not answer within 2 s') });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the secret travels over stdin only', () => {
  it('argv and env builders never carry it', () => {
    expect(buildChildArgs()).toEqual(['--no-warnings', '--input-type=module', '-e', CHILD_SCRIPT]);
    expect(buildChildArgs().join(' ')).not.toContain(SECRET);
    const env = buildChildEnv({ PATH: '/bin', PAGETUI_API_KEY: SECRET, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/x' });
    expect(env).toEqual({ PATH: '/bin', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/x' });
    expect(buildChildInput({ keytarPath: '/k', op: 'set', service: 'pagetui', account: ORIGIN, secret: SECRET })).toContain(SECRET);
  });

  it('the real child receives it from stdin, not from its command line or environment', async () => {
    const out = join(tempDir(), 'seen.json');
    const path = fakeModule(`const fs = require('node:fs');
      module.exports = {
        setPassword: async (service, account, password) => {
          fs.writeFileSync(process.env.FAKE_OUT, JSON.stringify({
            service, account, password,
            cmdline: fs.readFileSync('/proc/self/cmdline', 'utf8'),
            environ: fs.readFileSync('/proc/self/environ', 'utf8'),
          }));
        },
      };`);
    const env = noDbusEnv({ FAKE_OUT: out, PAGETUI_API_KEY: SECRET });
    expect(await setApiKey(ORIGIN, SECRET, { keytarPath: path, env })).toEqual({ ok: true, value: undefined });
    const seen = JSON.parse(readFileSync(out, 'utf8'));
    expect(seen).toMatchObject({ service: 'pagetui', account: ORIGIN, password: SECRET });
    expect(seen.cmdline).toContain('--input-type=module');
    expect(seen.cmdline).not.toContain(SECRET);
    expect(seen.environ).not.toContain(SECRET);
  });
});
