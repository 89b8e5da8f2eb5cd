/**
 * Whether @github/keytar (an optional dependency) loads on this machine, found independently of the
 * app's own keychain code. It installs everywhere Node does (prebuilt binaries, no compiler), but
 * on Linux its binary needs libsecret-1.so.0: on a machine with only Node it does not load, and
 * every keychain call answers "not available"; where it loads, a call with no D-Bus answers "no
 * D-Bus". Where the live keychain is required (PAGETUI_REQUIRE_KEYCHAIN=1, set by CI's keychain
 * phase), a test that would be skipped for want of keytar or a keychain fails instead.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TestContext } from 'vitest';
import { REASON_NOT_AVAILABLE, REASON_NO_DBUS } from '../../src/auth/keychain-errors.js';

export const KEYCHAIN_REQUIRED = process.env.PAGETUI_REQUIRE_KEYCHAIN === '1';

const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

/**
 * keytar's loader hides why its binary did not load ("Failed to load keytar native addon…");
 * loading the prebuilt binary for this platform directly gives the reason (e.g.
 * "libsecret-1.so.0: cannot open shared object file").
 */
function binaryLoadProblem(require: NodeJS.Require): string | undefined {
  try {
    const main = require.resolve('@github/keytar');
    require(join(dirname(main), '..', 'prebuilds', `${process.platform}-${process.arch}`, 'keytar.node'));
    return undefined;
  } catch (error) {
    return firstLine(error);
  }
}

function keytarLoadProblem(): string | undefined {
  const require = createRequire(import.meta.url);
  try {
    require('@github/keytar');
    return undefined;
  } catch (error) {
    const cause = binaryLoadProblem(require);
    return cause === undefined ? firstLine(error) : `${firstLine(error)}: ${cause}`;
  }
}

/** Why keytar does not load here (first line of the error, and its binary's), or undefined when it loads. */
const KEYTAR_PROBLEM = keytarLoadProblem();
export const KEYTAR_LOADS = KEYTAR_PROBLEM === undefined;

/** Whether @github/keytar is installed (whether or not it loads). */
export const KEYTAR_INSTALLED = ((): boolean => {
  try {
    createRequire(import.meta.url).resolve('@github/keytar');
    return true;
  } catch {
    return false;
  }
})();

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
  skipUnlessAvailable(ctx, KEYTAR_LOADS ? undefined : `@github/keytar cannot load on this machine (${KEYTAR_PROBLEM})`);
}
