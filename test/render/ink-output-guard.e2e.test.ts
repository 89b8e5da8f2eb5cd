/**
 * The bundle swaps ink's internal Output for src/ui/render/ink-output.ts (scripts/build.mjs). That
 * file is not ink's public API, so the build pins ink and fails when the swap misses; these tests
 * check the guard itself, and that the built bundle really holds the replacement.
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { InkPatchError, MARKER, REPLACEMENT, checkInkVersion, checkSwap, fastInkOutput } from '../../scripts/lib/ink-patch.mjs';
import FastOutput from '../../src/ui/render/ink-output.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'pagetui-ink-guard-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A throwaway project tree: `files` maps relative paths to contents. */
function project(name: string, files: Record<string, string>): string {
  const dir = join(scratch, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Bundles `entry.js` of a fake project with the plugin, then runs the post-build check. */
async function bundleAndCheck(dir: string): Promise<void> {
  const swap = fastInkOutput(dir);
  const result = await build({
    absWorkingDir: dir,
    entryPoints: ['entry.js'],
    bundle: true,
    write: false,
    format: 'esm',
    outdir: 'out',
    metafile: true,
    logLevel: 'silent',
    plugins: [swap.plugin],
  });
  const outputs = Object.fromEntries(result.outputFiles.map((f) => [f.path, f.text]));
  checkSwap(swap, result.metafile, outputs);
}

const fakeInk = (rendererImport: string): Record<string, string> => ({
  'entry.js': "import render from './node_modules/ink/build/renderer.js';\nconsole.log(render());\n",
  'node_modules/ink/build/renderer.js': `import Output from '${rendererImport}';\nexport default () => new Output();\n`,
  'node_modules/ink/build/output.js': 'export default class Output { static own = "ink-own-output"; }\n',
  'node_modules/ink/build/output-v2.js': 'export default class Output { static own = "ink-own-output-v2"; }\n',
  [REPLACEMENT]: `export default class Output { static marker = '${MARKER}'; }\n`,
});

describe('the ink Output swap is guarded', () => {
  it('the installed ink is the exact version package.json pins', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const ink = JSON.parse(readFileSync(join(root, 'node_modules/ink/package.json'), 'utf8'));
    expect(pkg.devDependencies.ink).toMatch(/^\d+\.\d+\.\d+$/);
    expect(ink.version).toBe(pkg.devDependencies.ink);
    expect(checkInkVersion(root)).toBe(ink.version);
  });

  it('another installed ink version, or a range in package.json, fails the build with one clear line', () => {
    const other = project('other-version', {
      'package.json': JSON.stringify({ devDependencies: { ink: '6.8.0' } }),
      'node_modules/ink/package.json': JSON.stringify({ version: '6.9.0' }),
    });
    expect(() => checkInkVersion(other)).toThrow(InkPatchError);
    expect(() => checkInkVersion(other)).toThrow(/^ink 6\.9\.0 is installed but package\.json pins 6\.8\.0: run `npm ci`/);
    const range = project('range', {
      'package.json': JSON.stringify({ devDependencies: { ink: '~6.8.0' } }),
      'node_modules/ink/package.json': JSON.stringify({ version: '6.8.0' }),
    });
    expect(() => checkInkVersion(range)).toThrow(/must pin ink to an exact version \(found "~6\.8\.0"\)/);
  });

  it('applies to a renderer that imports ./output.js', async () => {
    await expect(bundleAndCheck(project('applies', fakeInk('./output.js')))).resolves.toBeUndefined();
  });

  it('a renderer that no longer imports ./output.js (ink changed) fails the build', async () => {
    const run = bundleAndCheck(project('missed', fakeInk('./output-v2.js')));
    await expect(run).rejects.toThrow(InkPatchError);
    await expect(bundleAndCheck(project('missed-again', fakeInk('./output-v2.js')))).rejects.toThrow(
      /^The ink Output swap did not apply: ink's renderer\.js import of \.\/output\.js was redirected 0 times, not once; .*is not in the bundle.*marker/,
    );
  });

  it("ink's own Output in the bundle besides the replacement fails the build", async () => {
    const files = fakeInk('./output.js');
    files['entry.js'] += "import Own from './node_modules/ink/build/output.js';\nconsole.log(Own);\n";
    await expect(bundleAndCheck(project('both', files))).rejects.toThrow(/ink's own build\/output\.js is in the bundle/);
  });

  it('the built bundle holds the replacement: its marker is in exactly one chunk', () => {
    expect(FastOutput.marker).toBe(MARKER);
    const files = [join(root, 'dist/pagetui.js'), ...readdirSync(join(root, 'dist/chunks')).map((f) => join(root, 'dist/chunks', f))];
    const holders = files.filter((f) => readFileSync(f, 'utf8').includes(MARKER));
    expect(holders).toHaveLength(1);
  });
});
