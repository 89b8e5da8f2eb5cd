// Bundles the app with esbuild: dist/pagetui.js (a tiny entry that checks the Node version) plus
// lazily loaded chunks, so the first request can start before ink and React are evaluated; and
// dist/app.cjs, the whole CLI as one CommonJS script, which the entry runs through its own V8 code
// cache (src/startup/code-cache.ts) on Node without a compile cache (Node 20). ESM cannot be given cached
// data on Node 20 without a flag; a classic script can.
// `--sea` builds only dist/sea/pagetui.cjs, the one script of the single executable (scripts/sea.mjs).
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InkPatchError, checkInkVersion, checkSwap, fastInkOutput as fastInkOutputPlugin } from './lib/ink-patch.mjs';
import { checkTrim, startUpTrim } from './lib/start-up-trim.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

// Checked before and after bundling: the swap of ink's internal Output must apply (see ink-patch.mjs).
try {
  checkInkVersion(root);
} catch (error) {
  fail(error);
}

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node18',
  // PAGETUI_NO_MINIFY=1 keeps names readable in CPU profiles.
  minify: process.env.PAGETUI_NO_MINIFY !== '1',
  sourcemap: false,
  legalComments: 'none',
  external: ['@github/keytar'],
  // widest-line: ink measures every row of every frame with it; ours remembers recent rows (src/ui/render/widest-line.ts).
  alias: { 'react-devtools-core': './scripts/stubs/empty.js', 'restore-cursor': './scripts/stubs/restore-cursor.js', 'widest-line': './src/ui/render/widest-line.ts' },
  define: {
    'process.env.NODE_ENV': '"production"',
    __PAGETUI_VERSION__: JSON.stringify(pkg.version),
  },
  logLevel: 'warning',
  metafile: true,
};

if (process.argv.includes('--sea')) {
  await rm(new URL('../dist/sea', import.meta.url), { recursive: true, force: true });
  // Only the npm install resolves keytar from the bundle's place; the executable carries its own.
  await bundleScript('pagetui', 'src/sea.ts', 'dist/sea', 'undefined');
  process.exit(0);
}

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });
await bundle(
  {
    entryPoints: { pagetui: 'src/bin.ts' },
    outdir: 'dist',
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    format: 'esm',
    banner: {
      // Bundled CommonJS dependencies call require(); give ESM chunks one.
      js: "import { createRequire as __pagetuiCreateRequire } from 'node:module'; const require = __pagetuiCreateRequire(import.meta.url);",
    },
  },
  {},
  () => {},
);
// src/startup/code-cache.ts passes the file's URL as a parameter of its wrapper.
await bundleScript('app', 'src/cli.ts', 'dist', '__pagetuiImportMetaUrl');

/**
 * The app as one CommonJS script, `outdir`/`name`.cjs, with `import.meta.url` defined as
 * `importMetaUrl` (esbuild warns about any other use of import.meta). It is run by vm.Script or as
 * the executable's main script, which have no module loader: every import must become a require().
 */
function bundleScript(name, entry, outdir, importMetaUrl) {
  return bundle(
    {
      entryPoints: { [name]: entry },
      outdir,
      outExtension: { '.js': '.cjs' },
      format: 'cjs',
      define: { ...common.define, 'import.meta.url': importMetaUrl },
    },
    { script: true },
    (metafile) => {
      const dynamic = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.kind === 'dynamic-import'));
      if (dynamic.length > 0) throw new InkPatchError(`${outdir}/${name}.cjs still holds import(${dynamic[0].path}); it cannot run as a script.`);
    },
  );
}

/** One esbuild run with the Output swap and the start-up trims, checked; `check` inspects the metafile. */
async function bundle(options, trimOptions, check) {
  const fastInkOutput = fastInkOutputPlugin(root);
  const trim = startUpTrim(root, trimOptions);
  const result = await build({ ...common, ...options, plugins: [fastInkOutput.plugin, trim.plugin] });
  try {
    const outputs = {};
    for (const file of Object.keys(result.metafile.outputs)) outputs[file] = await readFile(join(root, file), 'utf8');
    checkSwap(fastInkOutput, result.metafile, outputs);
    checkTrim(trim, result.metafile);
    check(result.metafile);
  } catch (error) {
    await rm(join(root, options.outdir), { recursive: true, force: true });
    fail(error);
  }
}

/** A known failure is one line (no stack); anything else is rethrown as is. */
function fail(error) {
  if (!(error instanceof InkPatchError)) throw error;
  console.error(`build: ${error.message}`);
  process.exit(1);
}
