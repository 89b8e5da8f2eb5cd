/** scripts/check-layers.mjs on small trees: every kind of import that crosses a layer the wrong way is found. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const checkPath: string = new URL('../../scripts/check-layers.mjs', import.meta.url).href;
const { findLayerBreaks } = (await import(checkPath)) as {
  findLayerBreaks: (srcDir: string) => { files: number; breaks: { from: string; to: string; why: string }[] };
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The wrong-way imports found in a src/ tree made of `files` (path under src/ → source), as "from → to". */
function breaksOf(files: Record<string, string>): string[] {
  const src = join(mkdtempSync(join(tmpdir(), 'check-layers-')), 'src');
  dirs.push(dirname(src));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(src, name)), { recursive: true });
    writeFileSync(join(src, name), text);
  }
  return findLayerBreaks(src).breaks.map((b) => `${b.from} → ${b.to}`);
}

const TARGETS = {
  'ui/components/bar.ts': 'export const bar = 1;\n',
  'ui/store/layout.ts': 'export const rows = 1;\n',
  'ui/index.ts': "export { rows } from './store/layout.js';\n",
  'api/http/client.ts': 'export const client = 1;\n',
  'flags/parse-flags.ts': 'export const parse = 1;\n',
  'cli/args.ts': 'export const args = 1;\n',
};

describe('check-layers', () => {
  it('finds a store file that reaches a component through an inline import() type', () => {
    expect(breaksOf({ ...TARGETS, 'ui/store/status.ts': "export type Bar = typeof import('../components/bar.js');\n" })).toEqual([
      'ui/store/status.ts → ui/components/bar.ts',
    ]);
  });

  it('finds a lazy import() call from the command line into a UI internal, and lets an entry through', () => {
    expect(
      breaksOf({
        ...TARGETS,
        'cli/help.ts': "export const load = () => import('../ui/store/layout.js');\nexport const ok = () => import('../ui/index.js');\n",
      }),
    ).toEqual(['cli/help.ts → ui/store/layout.ts']);
  });

  it('finds auth or the demo server importing the UI or the command line, and api importing anything but text', () => {
    expect(
      breaksOf({
        ...TARGETS,
        'auth/paths.ts': "import { args } from '../cli/args.js';\nexport const p = args;\n",
        'demo-server/limiter.ts': "import type { Bar } from '../ui/components/bar.js';\nexport type L = Bar;\n",
        'api/http/headers.ts': "import { parse } from '../../flags/parse-flags.js';\nexport const h = parse;\n",
      }).sort(),
    ).toEqual(['api/http/headers.ts → flags/parse-flags.ts', 'auth/paths.ts → cli/args.ts', 'demo-server/limiter.ts → ui/components/bar.ts']);
  });

  it('accepts the arrows the architecture allows', () => {
    expect(
      breaksOf({
        ...TARGETS,
        'text/sanitize.ts': 'export const s = 1;\n',
        'api/http/parse.ts': "import { s } from '../../text/sanitize.js';\nexport const p = s;\n",
        'ui/components/status.ts': "import { rows } from '../store/layout.js';\nimport { client } from '../../api/http/client.js';\nexport const x = rows + client;\n",
        'cli/interactive.ts': "import { rows } from '../ui/index.js';\nexport const load = () => import('../api/http/client.js');\nexport const x = rows;\n",
      }),
    ).toEqual([]);
  });
});
