/** scripts/check-cycles.mjs on small fixtures: which imports make a cycle, and which do not. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const checkPath: string = new URL('../../scripts/check-cycles.mjs', import.meta.url).href;
const { findCycles } = (await import(checkPath)) as { findCycles: (dir: string) => { files: number; cycles: string[][] } };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The cycles found among `files` (name → source), each as file names. */
function cyclesOf(files: Record<string, string>): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'check-cycles-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return findCycles(dir).cycles.map((cycle) => cycle.map((file) => basename(file)));
}

describe('check-cycles', () => {
  it('finds a cycle made by an inline import() type', () => {
    expect(
      cyclesOf({
        'types.ts': "export type Fetch = () => Promise<import('./page.js').Page>;\nexport interface Item { id: string }\n",
        'page.ts': "import type { Item } from './types.js';\nexport interface Page { items: Item[] }\n",
      }),
    ).toEqual([['page.ts', 'types.ts', 'page.ts']]);
  });

  it('finds a cycle made by typeof import() and by a re-export', () => {
    expect(cyclesOf({ 'a.ts': "export type B = typeof import('./b.js');\n", 'b.ts': "export * from './a.js';\n" })).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  it('finds a cycle of type-only imports', () => {
    expect(
      cyclesOf({ 'a.ts': "import type { B } from './b.js';\nexport type A = B[];\n", 'b.ts': "import type { A } from './a.js';\nexport type B = { a?: A };\n" }),
    ).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  it('leaves out a lazy import() call, and import() written in a comment', () => {
    expect(
      cyclesOf({
        'entry.ts': "// Loads the app lazily, like import('./app.js').run\nexport const load = () => import('./app.js');\n",
        'app.ts': "import { load } from './entry.js';\nexport const run = () => load;\n",
      }),
    ).toEqual([]);
  });
});
