/**
 * Setup file of the unit tier (vitest.config.ts), run before each unit file.
 * - A unit test runs in this process: starting a child process (a command, a shell, the keychain's
 *   helper, esbuild's service) fails the test with the rule to follow. The pty library is swapped
 *   for test/setup/no-pty.ts in the tier's config.
 * - Unit files share a thread's loaded packages (ink, React, undici load once per thread, not once
 *   per file), but the project's own modules start afresh for each file, so no file sees another
 *   file's module state or mocks.
 */
import childProcess from 'node:child_process';
import Module, { syncBuiltinESMExports } from 'node:module';
import { afterEach, vi } from 'vitest';

export const IN_PROCESS_ONLY =
  'a unit test starts no process: name the file *.e2e.test.ts to put it in the e2e tier (test/README.md)';

const STARTERS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

/** What a test tried that the tier forbids. The code under test may catch the throw (the keychain
 * and the clipboard fall back when their child fails), so the test fails afterwards all the same. */
let refused: string | undefined;
const refuse = (what: string): never => {
  refused ??= `${what}: ${IN_PROCESS_ONLY}`;
  throw new Error(refused);
};
afterEach(() => {
  const message = refused;
  refused = undefined;
  if (message !== undefined) throw new Error(message);
});

for (const name of STARTERS) {
  Object.defineProperty(childProcess, name, {
    configurable: true,
    writable: true,
    value: (command: unknown) => refuse(`${name}(${String(command)})`),
  });
}
// Imports such as `import { spawn } from 'node:child_process'` see the replacements too.
syncBuiltinESMExports();

// The tier's config swaps the pty library for a stand-in where vitest resolves it; a require()
// made by hand (createRequire) goes through Node's loader, so refuse it there too.
const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
const load = loader._load;
loader._load = function (request: string, ...rest: unknown[]) {
  if (request === '@lydell/node-pty' || request.startsWith('@lydell/node-pty/')) refuse(`require('${request}')`);
  return load.call(this, request, ...rest);
};

vi.resetModules();

// ink decides once, when it loads, whether it runs in CI (then it draws nothing until it exits).
// The app loads it with CI hidden (letInkDraw); so does the first file of each thread here, and
// every file then sees the same ink whether or not the run is under CI.
const ciNames = ['CI', 'CONTINUOUS_INTEGRATION'] as const;
const ci = ciNames.map((name) => process.env[name]);
for (const name of ciNames) delete process.env[name];
await import('ink');
ciNames.forEach((name, i) => {
  if (ci[i] !== undefined) process.env[name] = ci[i];
});
