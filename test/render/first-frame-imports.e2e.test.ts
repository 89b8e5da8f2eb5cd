/**
 * The text-only first frame is drawn before ink is loaded, and before the app drops `CI` from its
 * environment (src/cli/ink-env.ts): ink, and chalk under it, read `CI` and the colour settings
 * once, when they are evaluated. So nothing the entry or the first frame imports statically may
 * reach them: with ink evaluated early, an exported `CI=true` left the app proper drawing nothing
 * (and chalk guessed its colours without the level the app sets). A lazy `import()` is where they
 * may load. esbuild's metafile gives the module graph the bundle is made of.
 */
import { build, type Metafile } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Packages that read CI or the colour settings when evaluated, and what brings them in. */
const READS_ENV_AT_LOAD = /[\\/]node_modules[\\/](ink|react|react-reconciler|is-in-ci|chalk|supports-color)[\\/]/;

/** The modules `entry` loads before any lazy import() runs, each with the chain that brings it in. */
async function staticallyLoaded(entry: string): Promise<Map<string, string[]>> {
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    outdir: 'out',
    logLevel: 'silent',
    external: ['@github/keytar', 'react-devtools-core'],
  });
  const inputs: Metafile['inputs'] = metafile.inputs;
  const chains = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const imported of inputs[file]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' || chains.has(imported.path)) continue;
      chains.set(imported.path, [...(chains.get(file) ?? []), imported.path]);
      queue.push(imported.path);
    }
  }
  return chains;
}

describe('what loads before ink may', () => {
  it.each(['src/ui/first-frame/draw.ts', 'src/bin.ts'])('%s imports neither ink, React nor chalk except lazily', async (entry) => {
    const loaded = await staticallyLoaded(entry);
    expect(loaded.size).toBeGreaterThan(5);
    const early = [...loaded].filter(([path]) => READS_ENV_AT_LOAD.test(path)).map(([, chain]) => chain.join(' -> '));
    expect(early.slice(0, 3)).toEqual([]);
  });
});
