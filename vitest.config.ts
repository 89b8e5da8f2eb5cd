import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Rebuilds dist/ when it is older than src/: the pty tests drive the built CLI.
    globalSetup: ['test/setup/fresh-bundle.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: ['default'],
  },
});
