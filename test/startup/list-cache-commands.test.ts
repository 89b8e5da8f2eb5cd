/**
 * `pagetui groups` and `pagetui pages` never read the list cache: their output is the service's
 * answer and nothing else. Checked on the code itself: no import (static or lazy) that the listing
 * commands reach leads to the cache's modules, while the interactive app's does.
 */
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const checkPath: string = new URL('../../scripts/check-cycles.mjs', import.meta.url).href;
const { importedNames, resolveImport } = (await import(checkPath)) as {
  importedNames: (file: string, options: { lazyCalls: boolean }) => string[];
  resolveImport: (from: string, name: string) => string | undefined;
};

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Every file of src/ that `entry` reaches through its imports, lazy import() calls included. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [join(SRC, entry)];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const name of importedNames(file, { lazyCalls: true })) {
      const target = resolveImport(file, name);
      if (target !== undefined && !seen.has(target)) queue.push(target);
    }
  }
  return new Set([...seen].map((file) => relative(SRC, file)));
}

const CACHE_MODULES = ['startup/list-cache.ts', 'startup/list-cache-file.ts'];

describe('who reads the list cache', () => {
  it('the listing commands never do', () => {
    const files = reachable('cli/commands/list-commands.ts');
    expect(files.size).toBeGreaterThan(10);
    for (const module of CACHE_MODULES) expect(files.has(module), module).toBe(false);
  });

  it('the interactive app does (so the check above looks at the right graph)', () => {
    const files = reachable('cli/interactive.ts');
    for (const module of CACHE_MODULES) expect(files.has(module), module).toBe(true);
  });
});
