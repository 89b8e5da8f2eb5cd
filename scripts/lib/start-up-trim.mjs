/**
 * esbuild plugins that take work off the start-up path, each checked like the ink Output swap
 * (a build that silently stopped applying one would only show up as a slower bench):
 *
 * - undici: the client's `import ... from 'undici'` is resolved to scripts/stubs/undici-slim.cjs,
 *   which loads only the dispatchers and their request API. The build fails if anything else in
 *   the bundle reaches undici's fetch or WebSocket code.
 * - yoga-layout 3.2.1 (ink's layout engine) loads its WASM with a top-level await, from a base64
 *   `data:` URL that it decodes with `fetch` where a global fetch exists (Node >= 18), which makes
 *   Node load its own internal copy of undici (tens of ms) to decode 70 kB. Its entry is replaced
 *   by scripts/stubs/yoga-sync.js, which instantiates the same WASM synchronously from a Buffer
 *   through emscripten's `instantiateWasm` hook (no fetch, no top-level await, so the app can also
 *   be bundled as one CommonJS script for the code cache). The loader is patched to pass the hook
 *   its data URL.
 * - string-width 8 builds its RGI emoji regex only for the clusters that need it (string-width-rgi.mjs),
 *   and measures a string of characters that each make a one-column cluster of their own by its
 *   length, without segmenting it (string-width-simple.mjs).
 * - undici's Client loads its HTTP/2 code (and with it node:http2: ~10 ms on Node 20, ~25 ms on
 *   Node 24) only for a connection that negotiated h2, never the case for the app's plain requests.
 * - For the ES module chunks only: Node's built-ins are taken with require() (the chunks' banner
 *   defines it), not imported: Node builds an ES module facade for an imported built-in by reading
 *   every export, which runs its lazy getters (node:http's evaluate Node's own undici, node:fs's
 *   load fs/promises and readline, node:util's worker_threads...): ~40 ms on Node 24, ~5 on 20.
 * - For the CommonJS app bundle only: ink 6.8's reconciler has two top-level awaits, both only when
 *   DEV=true (React devtools, and its own package.json for them). They become a devtools import
 *   that is not awaited and no package name, so that ink can be bundled as a script.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { InkPatchError } from './ink-patch.mjs';
import { STRING_WIDTH_ENTRY, lazyRgiEmoji } from './string-width-rgi.mjs';
import { simpleClusters } from './string-width-simple.mjs';

const UNDICI_SLIM = 'scripts/stubs/undici-slim.cjs';
const YOGA_SYNC = 'scripts/stubs/yoga-sync.js';
const YOGA_ENTRY = /[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/;
const YOGA_WASM = /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
const YOGA_HOOK_CALL = 'return h.instantiateWasm(d,\na)';
const YOGA_HOOK_CALL_WITH_URL = 'return h.instantiateWasm(d,\na,H)';
const UNDICI_CLIENT = /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/;
const UNDICI_H2_REQUIRE = "const connectH2 = require('./client-h2.js')";
const UNDICI_H2_LAZY = "const connectH2 = (client, socket) => require('./client-h2.js')(client, socket)";
const BUILTIN = new RegExp(`^(node:.+|${builtinModules.map((name) => name.replace(/[/]/g, '\\/')).join('|')})$`);
const BUILTIN_NAMESPACE = 'node-builtin-as-require';
const INK_RECONCILER = /[\\/]ink[\\/]build[\\/]reconciler\.js$/;
const INK_AWAITS = [
  ["await import('./devtools.js');", "import('./devtools.js');"],
  ['? await loadPackageJson()', '? { name: undefined, version: undefined }'],
];
/** undici modules the app never needs (fetch itself, WebSocket, …); none may be in the bundle. */
const UNDICI_UNWANTED = /[\\/]undici[\\/]lib[\\/](web[\\/](fetch[\\/]index\.js|websocket[\\/]|eventsource[\\/]|cookies[\\/]|cache[\\/])|mock[\\/]|cache[\\/])/;

/**
 * The plugin (`.plugin`) and how often each rewrite applied, for checkTrim. One per build;
 * `script`: the build is the CommonJS app bundle (no top-level await allowed).
 */
export function startUpTrim(root, { script = false } = {}) {
  const trim = {
    script,
    inkAwaits: 0,
    undici: 0,
    yogaEntry: 0,
    yogaHook: 0,
    stringWidth: 0,
    stringWidthSimple: 0,
    undiciH2: 0,
    builtins: 0,
    plugin: {
      name: 'start-up-trim',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^undici$/ }, () => {
          trim.undici += 1;
          return { path: join(root, UNDICI_SLIM) };
        });
        pluginBuild.onLoad({ filter: YOGA_ENTRY }, (args) => {
          trim.yogaEntry += 1;
          // Resolved from yoga-layout's own folder, so the stub's relative imports reach its files.
          return { contents: readFileSync(join(root, YOGA_SYNC), 'utf8'), resolveDir: join(args.path, '..'), loader: 'js' };
        });
        pluginBuild.onLoad({ filter: YOGA_WASM }, (args) => {
          const source = readFileSync(args.path, 'utf8');
          const count = source.split(YOGA_HOOK_CALL).length - 1;
          trim.yogaHook += count;
          return { contents: count === 1 ? source.replace(YOGA_HOOK_CALL, YOGA_HOOK_CALL_WITH_URL) : source, loader: 'js' };
        });
        pluginBuild.onLoad({ filter: STRING_WIDTH_ENTRY }, (args) => {
          const rgi = lazyRgiEmoji(readFileSync(args.path, 'utf8'));
          if (rgi.applied > 0) trim.stringWidth += 1;
          const simple = simpleClusters(rgi.source);
          trim.stringWidthSimple += simple.applied;
          return { contents: simple.source, loader: 'js' };
        });
        pluginBuild.onLoad({ filter: UNDICI_CLIENT }, (args) => {
          const source = readFileSync(args.path, 'utf8');
          const count = source.split(UNDICI_H2_REQUIRE).length - 1;
          trim.undiciH2 += count;
          return { contents: count === 1 ? source.replace(UNDICI_H2_REQUIRE, () => UNDICI_H2_LAZY) : source, loader: 'js' };
        });
        if (!script) {
          pluginBuild.onResolve({ filter: BUILTIN }, (args) => {
            if (args.namespace === BUILTIN_NAMESPACE || (args.kind !== 'import-statement' && args.kind !== 'dynamic-import')) return undefined;
            trim.builtins += 1;
            return { path: args.path, namespace: BUILTIN_NAMESPACE };
          });
          pluginBuild.onLoad({ filter: /.*/, namespace: BUILTIN_NAMESPACE }, (args) => ({
            contents: `module.exports = require(${JSON.stringify(args.path)});`,
            loader: 'js',
          }));
          return;
        }
        pluginBuild.onLoad({ filter: INK_RECONCILER }, (args) => {
          let source = readFileSync(args.path, 'utf8');
          for (const [from, to] of INK_AWAITS) {
            if (source.split(from).length !== 2) continue;
            source = source.replace(from, to);
            trim.inkAwaits += 1;
          }
          return { contents: source, loader: 'js' };
        });
      },
    },
  };
  return trim;
}

/** Throws (an InkPatchError: one line, no stack) unless every rewrite applied as intended. */
export function checkTrim(trim, metafile) {
  if (trim.undici === 0) throw new InkPatchError(`undici was not redirected to ${UNDICI_SLIM}: check scripts/lib/start-up-trim.mjs.`);
  const unwanted = Object.keys(metafile.inputs).filter((input) => UNDICI_UNWANTED.test(input));
  if (unwanted.length > 0) throw new InkPatchError(`the bundle holds undici code start-up should not load: ${unwanted[0]}`);
  if (trim.yogaEntry !== 1 || trim.yogaHook !== 1) {
    throw new InkPatchError(
      `yoga-layout's loader changed (entry replaced ${trim.yogaEntry} times, instantiateWasm call found ${trim.yogaHook} times, expected once each): update scripts/lib/start-up-trim.mjs and ${YOGA_SYNC}.`,
    );
  }
  if (!trim.script && trim.builtins === 0) {
    throw new InkPatchError('no import of a Node built-in was turned into require(): check scripts/lib/start-up-trim.mjs.');
  }
  if (trim.undiciH2 !== 1) {
    throw new InkPatchError(`undici's Client changed (its HTTP/2 require found ${trim.undiciH2} times, expected once): update scripts/lib/start-up-trim.mjs.`);
  }
  if (trim.stringWidth !== 1) {
    throw new InkPatchError(
      `string-width's RGI emoji regex was rewritten in ${trim.stringWidth} copies, expected 1: update scripts/lib/string-width-rgi.mjs.`,
    );
  }
  if (trim.stringWidthSimple !== 1) {
    throw new InkPatchError(
      `string-width's fast path for simple characters was added to ${trim.stringWidthSimple} copies, expected 1: update scripts/lib/string-width-simple.mjs.`,
    );
  }
  if (trim.script && trim.inkAwaits !== INK_AWAITS.length) {
    throw new InkPatchError(
      `ink's reconciler changed: ${trim.inkAwaits} of its ${INK_AWAITS.length} top-level awaits were found; update scripts/lib/start-up-trim.mjs.`,
    );
  }
}
