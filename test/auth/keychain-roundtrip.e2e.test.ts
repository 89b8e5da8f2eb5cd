/**
 * The real keychain (keytar → Secret Service), no fakes. Runs when a keychain is reachable
 * (e.g. under scripts/with-keyring.sh); otherwise skipped with one line saying why, except where
 * PAGETUI_REQUIRE_KEYCHAIN=1 (CI's keychain phase): there an unreachable keychain is a failure, so
 * CI cannot pass without running it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { deleteApiKey, getApiKey, probeKeychain, setApiKey } from '../../src/auth/keychain.js';
import { resolveApiKey } from '../../src/auth/api-key-source.js';
import { authStatus, logout, saveApiKey } from '../../src/auth/login.js';
import { KEYCHAIN_REQUIRED, skipUnlessAvailable } from '../helpers/keytar.js';
import { SECRET, cleanupTemp, tempDir } from './helpers.js';

// A unique account, so a developer's own keychain is never touched beyond this throwaway entry.
const BASE = `https://roundtrip-${process.pid}-${Date.now()}.pagetui.test/api`;
const ORIGIN = new URL(BASE).origin;
const env: Record<string, string | undefined> = { ...process.env, XDG_CONFIG_HOME: tempDir() };
delete env.PAGETUI_API_KEY;

const probe = await probeKeychain({ env });
const noKeychain = probe.ok ? undefined : `no keychain reachable: ${probe.reason}`;
if (noKeychain && !KEYCHAIN_REQUIRED) console.warn(`keychain round trip skipped: ${noKeychain}`);

afterAll(async () => {
  if (probe.ok) await deleteApiKey(ORIGIN, { env });
  cleanupTemp();
});

describe('real keychain round trip', () => {
  it('a keychain is reachable (required where PAGETUI_REQUIRE_KEYCHAIN=1)', (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    expect(probe).toEqual({ ok: true, value: undefined });
  });

  it('set, get, delete through keytar', (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    return (async () => {
      expect(await getApiKey(ORIGIN, { env })).toEqual({ ok: true, value: null });
      expect(await setApiKey(ORIGIN, SECRET, { env })).toEqual({ ok: true, value: undefined });
      expect(await getApiKey(ORIGIN, { env })).toEqual({ ok: true, value: SECRET });
      expect(await setApiKey(ORIGIN, `${SECRET}-v2`, { env })).toEqual({ ok: true, value: undefined });
      expect(await getApiKey(ORIGIN, { env })).toEqual({ ok: true, value: `${SECRET}-v2` });
      expect(await deleteApiKey(ORIGIN, { env })).toEqual({ ok: true, value: true });
      expect(await getApiKey(ORIGIN, { env })).toEqual({ ok: true, value: null });
      expect(await deleteApiKey(ORIGIN, { env })).toEqual({ ok: true, value: false });
    })();
  });

  it('login → key found in the keychain → logout → no key', (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    return (async () => {
      const saved = await saveApiKey(ORIGIN, SECRET, { insecureStorage: false, env });
      expect(saved).toEqual({ where: 'keychain', message: `Saved the key for ${ORIGIN} in the system keychain.` });
      expect(await resolveApiKey(ORIGIN, env)).toEqual({ key: SECRET, source: 'keychain', notes: [] });
      const status = await authStatus(BASE, env);
      expect(status).toMatchObject({ source: 'keychain', maskedKey: '••••7890', keychain: { reachable: true } });
      expect(JSON.stringify(status)).not.toContain(SECRET);
      const out = await logout(ORIGIN, env);
      expect(out.removedFrom).toEqual(['keychain']);
      expect(await resolveApiKey(ORIGIN, env)).toEqual({ source: 'none', notes: [] });
    })();
  });
});
