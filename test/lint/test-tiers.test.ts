/** Every test file is in exactly one tier (test/setup/tiers.ts), as vitest itself collects them. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import { TIERS } from '../setup/tiers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Any name a test runner might take for a test file, so a misnamed one is caught too. */
const LOOKS_LIKE_A_TEST = /[.-](test|spec|e2e)\.[cm]?[jt]sx?$/;

it('each test file under test/ is collected by exactly one tier', async () => {
  // The tiers given inline: vitest would bundle vitest.config.ts with esbuild, a child process.
  const vitest = await createVitest('test', { projects: TIERS, root, config: false, watch: false, reporters: [] });
  try {
    const specs = await vitest.globTestSpecifications();
    const tiers = new Map<string, string[]>();
    for (const spec of specs) {
      const file = spec.moduleId.slice(root.length);
      tiers.set(file, [...(tiers.get(file) ?? []), spec.project.name]);
    }
    const files = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
      .filter((file) => LOOKS_LIKE_A_TEST.test(file))
      .map((file) => `test/${file}`);
    const advice = 'no tier: name it *.test.ts (unit) or *.e2e.test.ts (e2e), see test/README.md';
    const wrong = files.filter((file) => tiers.get(file)?.length !== 1).map((file) => `${file}: ${tiers.get(file)?.join(' and ') ?? advice}`);
    expect(wrong).toEqual([]);
    expect(new Set([...tiers.values()].flat())).toEqual(new Set(['unit', 'e2e']));
  } finally {
    await vitest.close();
  }
});

it('no test file stands outside test/, where neither tier would collect it', () => {
  const outside = ['src', 'scripts', 'bench'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => LOOKS_LIKE_A_TEST.test(file))
      .map((file) => `${dir}/${file}`),
  );
  expect(outside).toEqual([]);
});
