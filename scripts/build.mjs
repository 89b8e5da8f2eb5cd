// Bundles the app with esbuild: dist/pagetui.js (a tiny entry that checks the Node version) plus
// lazily loaded chunks, so the first request can start before ink and React are evaluated.
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
const fastInkOutput = fastInkOutputPlugin(root);
const trim = startUpTrim(root);

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { pagetui: 'src/bin.ts' },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node18',
  // PAGETUI_NO_MINIFY=1 keeps names readable in CPU profiles.
  minify: process.env.PAGETUI_NO_MINIFY !== "1",
  sourcemap: false,
  legalComments: 'none',
  external: ['keytar'],
  alias: { 'react-devtools-core': './scripts/stubs/empty.js' },
  plugins: [fastInkOutput.plugin, trim.plugin],
  define: {
    'process.env.NODE_ENV': '"production"',
    __PAGETUI_VERSION__: JSON.stringify(pkg.version),
  },
  banner: {
    // Bundled CommonJS dependencies call require(); give ESM chunks one.
    js: "import { createRequire as __pagetuiCreateRequire } from 'node:module'; const require = __pagetuiCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
});

try {
  const outputs = {};
  for (const file of Object.keys(result.metafile.outputs)) outputs[file] = await readFile(join(root, file), 'utf8');
  checkSwap(fastInkOutput, result.metafile, outputs);
  checkTrim(trim, result.metafile);
} catch (error) {
  await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });
  fail(error);
}

/** A known failure is one line (no stack); anything else is rethrown as is. */
function fail(error) {
  if (!(error instanceof InkPatchError)) throw error;
  console.error(`build: ${error.message}`);
  process.exit(1);
}
