/**
 * The bundle swaps ink's internal Output (build/output.js, which re-tokenizes every line of every
 * frame) for src/ui/render/ink-output.ts: same interface and screen, a fraction of the cost per
 * frame. That file is not part of ink's public API, so the swap is pinned and checked: the build
 * fails unless the installed ink is exactly the version in package.json and the swap applied
 * exactly once.
 *
 * On an ink upgrade: read the new build/output.js and build/renderer.js, port any interface change
 * (write/clip/unclip/get) to src/ui/render/ink-output.ts, pin the new exact version in package.json,
 * then run test/render/ink-output.test.ts (it compares both Outputs screen by screen) and the bench.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The replacement, relative to the project root. */
export const REPLACEMENT = 'src/ui/render/ink-output.ts';
/** ink's own Output, relative to the project root, which must not end up in the bundle. */
const INK_OUTPUT = 'node_modules/ink/build/output.js';
/** A string only the replacement contains (its Output.marker); the built bundle must hold it. */
export const MARKER = 'pagetui-fast-ink-output/1';

export class InkPatchError extends Error {}

/** Throws unless `root`'s installed ink is exactly the version package.json pins. */
export function checkInkVersion(root) {
  const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies?.ink;
  if (!/^\d+\.\d+\.\d+$/.test(pinned ?? '')) {
    throw new InkPatchError(
      `package.json must pin ink to an exact version (found "${pinned}"): the build replaces ink's internal Output.`,
    );
  }
  let installed;
  try {
    installed = JSON.parse(readFileSync(join(root, 'node_modules/ink/package.json'), 'utf8')).version;
  } catch {
    throw new InkPatchError('ink is not installed: run `npm ci`.');
  }
  if (installed !== pinned) {
    throw new InkPatchError(
      `ink ${installed} is installed but package.json pins ${pinned}: run \`npm ci\`; to upgrade ink, follow the note in scripts/lib/ink-patch.mjs.`,
    );
  }
  return pinned;
}

/** The esbuild plugin (`.plugin`) and the number of imports it redirected (`.swaps`). */
export function fastInkOutput(root) {
  const swap = {
    swaps: 0,
    plugin: {
      name: 'fast-ink-output',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^\.\/output\.js$/ }, (args) => {
          if (!/[\\/]ink[\\/]build[\\/]renderer\.js$/.test(args.importer)) return undefined;
          swap.swaps += 1;
          return { path: join(root, REPLACEMENT) };
        });
      },
    },
  };
  return swap;
}

/**
 * Throws unless the plugin redirected exactly one import, the replacement is in the bundle and
 * ink's own Output is not, and exactly one output file holds the marker.
 * `outputs` maps each written file's path to its text.
 */
export function checkSwap(swap, metafile, outputs) {
  const inputs = Object.keys(metafile.inputs).map((p) => p.replace(/\\/g, '/'));
  const problems = [];
  if (swap.swaps !== 1) problems.push(`ink's renderer.js import of ./output.js was redirected ${swap.swaps} times, not once`);
  if (!inputs.some((p) => p.endsWith(REPLACEMENT))) problems.push(`${REPLACEMENT} is not in the bundle`);
  if (inputs.some((p) => p.endsWith('ink/build/output.js'))) problems.push(`ink's own build/output.js is in the bundle`);
  const holders = Object.entries(outputs).filter(([, text]) => text.includes(MARKER)).map(([path]) => path);
  if (holders.length !== 1) problems.push(`the marker "${MARKER}" is in ${holders.length} output files, not one`);
  if (problems.length > 0) {
    throw new InkPatchError(
      `The ink Output swap did not apply: ${problems.join('; ')}. See the note in scripts/lib/ink-patch.mjs.`,
    );
  }
}
