/** The suite in two tiers, unit and e2e (test/setup/tiers.ts, test/README.md). */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { TIERS } from './test/setup/tiers.js';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: ['default'],
    poolOptions: {
      // Unit files share one thread's loaded packages (ink, React, undici load once per thread, not
      // once per file); test/setup/in-process-only.ts gives each file fresh project modules.
      threads: { isolate: false, maxThreads: availableParallelism() },
      // Each e2e file in a process of its own; as many at once as cores (their tests mostly wait on
      // the app in its pty), beside the unit threads.
      forks: { isolate: true, maxForks: availableParallelism() },
    },
    projects: TIERS,
  },
});
