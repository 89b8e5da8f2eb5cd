/**
 * The two tiers of the suite (test/README.md), as vitest projects: `unit` runs in the test process
 * (no pty, no child process, no bundle), `e2e` is every file named *.e2e.test.ts(x) and drives
 * processes, ptys or the built CLI. A file is in exactly one (test/lint/test-tiers.test.ts).
 */
import { fileURLToPath } from 'node:url';
import { configDefaults, type TestProjectInlineConfiguration } from 'vitest/config';

const TESTS = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
const E2E_TESTS = ['test/**/*.e2e.test.ts', 'test/**/*.e2e.test.tsx'];

export const TIERS: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    resolve: { alias: { '@lydell/node-pty': fileURLToPath(new URL('no-pty.ts', import.meta.url)) } },
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
];
