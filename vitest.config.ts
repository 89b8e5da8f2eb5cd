/**
 * Two tiers (test/README.md): `unit` runs in this process (no pty, no child process, no bundle),
 * `e2e` is every file named *.e2e.test.ts(x) and drives processes, ptys or the built CLI. A file
 * is in exactly one tier (test/lint/test-tiers.test.ts checks it).
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const TESTS = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
const E2E_TESTS = ['test/**/*.e2e.test.ts', 'test/**/*.e2e.test.tsx'];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: ['default'],
    poolOptions: {
      // Unit files share one thread's loaded packages (ink, React, undici load once per thread, not
      // once per file); test/setup/in-process-only.ts gives each file fresh project modules.
      threads: { isolate: false, maxThreads: availableParallelism() },
      // Each e2e file in a process of its own.
      forks: { isolate: true },
    },
    projects: [
      {
        extends: true,
        resolve: { alias: { '@lydell/node-pty': fileURLToPath(new URL('test/setup/no-pty.ts', import.meta.url)) } },
        test: {
          name: 'unit',
          pool: 'threads',
          include: TESTS,
          exclude: [...configDefaults.exclude, ...E2E_TESTS],
          setupFiles: ['test/setup/in-process-only.ts'],
        },
      },
      {
        extends: true,
        // Rebuilds dist/ when it is older than src/: the e2e tests drive the built CLI.
        test: { name: 'e2e', pool: 'forks', include: E2E_TESTS, globalSetup: ['test/setup/fresh-bundle.ts'] },
      },
    ],
  },
});
