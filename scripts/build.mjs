// Bundles the app with esbuild: dist/pagetui.js (a tiny entry that checks the Node version) plus
// lazily loaded chunks, so the first request can start before ink and React are evaluated.
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

/**
 * Swaps ink's internal Output (build/output.js, which re-tokenizes every line of every frame) for
 * src/ui/render/ink-output.ts: same interface and screen, a fraction of the cost per frame.
 */
const fastInkOutput = {
  name: 'fast-ink-output',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/output\.js$/ }, (args) =>
      /[\\/]ink[\\/]build[\\/]renderer\.js$/.test(args.importer)
        ? { path: fileURLToPath(new URL('../src/ui/render/ink-output.ts', import.meta.url)) }
        : undefined,
    );
  },
};

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
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
  plugins: [fastInkOutput],
  define: {
    'process.env.NODE_ENV': '"production"',
    __PAGETUI_VERSION__: JSON.stringify(pkg.version),
  },
  banner: {
    // Bundled CommonJS dependencies call require(); give ESM chunks one.
    js: "import { createRequire as __pagetuiCreateRequire } from 'node:module'; const require = __pagetuiCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
