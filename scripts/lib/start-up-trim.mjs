/**
 * Two esbuild plugins that take work off the start-up path, each checked like the ink Output swap
 * (a build that silently stopped applying one would only show up as a slower bench):
 *
 * - undici: the client's `import ... from 'undici'` is resolved to scripts/stubs/undici-slim.cjs,
 *   which loads only the dispatchers and their request API. The build fails if anything else in
 *   the bundle reaches undici's fetch or WebSocket code.
 * - yoga-layout 3.2.1 (ink's layout engine) loads its WASM from a base64 `data:` URL, and where a
 *   global `fetch` exists (Node >= 18) it decodes that URL with `fetch`, which makes Node load its
 *   own internal copy of undici (tens of ms) to decode 90 kB. The patch makes it take its
 *   in-process base64 path, which it already has for runtimes without fetch.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InkPatchError } from './ink-patch.mjs';

const UNDICI_SLIM = 'scripts/stubs/undici-slim.cjs';
const YOGA_WASM = /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
const YOGA_FETCH = 'function ya(){return w||"function"!=typeof fetch?';
const YOGA_NO_FETCH = 'function ya(){return w||!0?';
/** undici modules the app never needs (fetch itself, WebSocket, …); none may be in the bundle. */
const UNDICI_UNWANTED = /[\\/]undici[\\/]lib[\\/](web[\\/](fetch[\\/]index\.js|websocket[\\/]|eventsource[\\/]|cookies[\\/]|cache[\\/])|mock[\\/]|cache[\\/])/;

/** The plugin (`.plugin`) and how often each rewrite applied (`.undici`, `.yoga`), for checkTrim. */
export function startUpTrim(root) {
  const trim = {
    undici: 0,
    yoga: 0,
    plugin: {
      name: 'start-up-trim',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^undici$/ }, () => {
          trim.undici += 1;
          return { path: join(root, UNDICI_SLIM) };
        });
        pluginBuild.onLoad({ filter: YOGA_WASM }, (args) => {
          const source = readFileSync(args.path, 'utf8');
          const count = source.split(YOGA_FETCH).length - 1;
          trim.yoga += count;
          return { contents: count === 1 ? source.replace(YOGA_FETCH, YOGA_NO_FETCH) : source, loader: 'js' };
        });
      },
    },
  };
  return trim;
}

/** Throws (an InkPatchError: one line, no stack) unless both rewrites applied as intended. */
export function checkTrim(trim, metafile) {
  if (trim.undici === 0) throw new InkPatchError(`undici was not redirected to ${UNDICI_SLIM}: check scripts/lib/start-up-trim.mjs.`);
  const unwanted = Object.keys(metafile.inputs).filter((input) => UNDICI_UNWANTED.test(input));
  if (unwanted.length > 0) throw new InkPatchError(`the bundle holds undici code start-up should not load: ${unwanted[0]}`);
  if (trim.yoga !== 1) {
    throw new InkPatchError(
      `yoga-layout's WASM loader changed (the fetch of its data: URL was found ${trim.yoga} times, expected once): update scripts/lib/start-up-trim.mjs.`,
    );
  }
}
