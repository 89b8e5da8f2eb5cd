/**
 * Whether keytar (an optional dependency) loads on this machine, found independently of the app's
 * own keychain code. On a machine with only Node, keytar's install fails (no libsecret), and every
 * keychain call answers "not available"; with keytar, a call with no D-Bus answers "no D-Bus".
 * Where the live keychain is required (PAGETUI_REQUIRE_KEYCHAIN=1, set by CI's keychain phase), a
 * test that would be skipped for want of keytar or a keychain fails instead.
 */
import { createRequire } from 'node:module';
import type { TestContext } from 'vitest';
import { REASON_NOT_AVAILABLE, REASON_NO_DBUS } from '../../src/auth/keychain-errors.js';

export const KEYCHAIN_REQUIRED = process.env.PAGETUI_REQUIRE_KEYCHAIN === '1';

function keytarLoadProblem(): string | undefined {
  try {
    createRequire(import.meta.url)('keytar');
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return message.split('\n')[0];
  }
}

/** Why keytar does not load here (first line of the error), or undefined when it loads. */
const KEYTAR_PROBLEM = keytarLoadProblem();
export const KEYTAR_LOADS = KEYTAR_PROBLEM === undefined;

/** What a keychain call says with no D-Bus session on this machine. */
export const NO_DBUS_REASON = KEYTAR_LOADS ? REASON_NO_DBUS : REASON_NOT_AVAILABLE;

/** A regex source for the cause in {@link NO_DBUS_REASON}, for tests that match a message by pattern. */
export const NO_DBUS_CAUSE = KEYTAR_LOADS ? 'D-Bus' : 'The keychain library is not available on this machine';

/**
 * Skips the test (with one line saying why) where `problem` is set, unless the live keychain is
 * required here: then the test fails with that line instead.
 */
export function skipUnlessAvailable(ctx: TestContext, problem: string | undefined): void {
  if (problem === undefined) return;
  if (KEYCHAIN_REQUIRED) throw new Error(`PAGETUI_REQUIRE_KEYCHAIN=1 but ${problem}`);
  ctx.skip(problem);
}

/** For tests that drive the real keytar: skipped where it cannot load (required: fails). */
export function needsKeytar(ctx: TestContext): void {
  skipUnlessAvailable(ctx, KEYTAR_LOADS ? undefined : `keytar cannot load on this machine (${KEYTAR_PROBLEM})`);
}
