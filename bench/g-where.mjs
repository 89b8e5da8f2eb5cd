#!/usr/bin/env node
// Where the CPU of `G` goes, beside the bare undici loop's: both sampled by Linux `perf` (CPU time
// only, every thread: a sample is taken only while a thread runs, so a loaded machine does not
// inflate whatever ran just before the thread was descheduled, as a V8 profile's wall-time samples
// do). The app's samples are counted from the `G` keystroke to "all N loaded", the loop's over its
// requests. Each sample is charged to the native work it is in (GC, JIT compiling, zlib, JSON.parse,
// UTF-8 decoding) or else to the module of its innermost JavaScript frame.
// Needs `perf` and an unminified build (module names come from esbuild's `// path` comments):
//   PAGETUI_NO_MINIFY=1 node scripts/build.mjs
//   node bench/g-where.mjs --shape custom --compression off [--pages 100000] [--top 24] [--detail src/api/pager]
// (--detail: the samples charged to one of the rows, by innermost frame)
// Node's --perf-basic-prof leaves each process's symbol map in /tmp/perf-<pid>.map (two a run).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BUNDLE } from './lib/pty-session.mjs';
import { startServerHost } from './lib/server-host.mjs';
import { timedGotoEnd } from './lib/timed-goto-end.mjs';

const { values } = parseArgs({
  options: {
    shape: { type: 'string', default: 'custom' },
    compression: { type: 'string', default: 'off' },
    pages: { type: 'string', default: '100000' },
    top: { type: 'string', default: '24' },
    detail: { type: 'string' },
  },
});
const PAGES = Number(values.pages);
const LOOP = fileURLToPath(new URL('./lib/undici-loop.mjs', import.meta.url));
const APP_CJS = join(BUNDLE, '..', 'app.cjs');
const dir = mkdtempSync(join(tmpdir(), 'pagetui-g-where-'));
const perf = (out) => ['perf', 'record', '-q', '-k', 'mono', '-F', '999', '-g', '-o', out, '--'];

const NATIVE = [
  ['GC', /Heap::|Scaveng|MarkCompact|Sweeper|ConcurrentMarking|IncrementalMarking|GCTracer|Evacuat|MemoryAllocator/],
  ['JIT compiling', /OptimizingCompile|compiler::|Maglev|Parser::|Compiler::|BytecodeGenerator|Sparkplug|Scanner::/],
  ['zlib', /deflate|inflate|longest_match|ZlibContext|compress_block|_tr_flush|Brotli/],
  ['JSON.parse', /JsonParser/],
  ['UTF-8 decoding', /Utf8Decoder|DecodeUtf8|simdutf/],
];

/** Line → module of the unminified bundle, from esbuild's `// src/…` comments. */
function bundleModules() {
  const lines = readFileSync(APP_CJS, 'utf8').split('\n');
  const at = [];
  let current = '(bundle)';
  for (let i = 0; i < lines.length; i++) {
    const match = /^\/\/ (\S+\.(?:ts|tsx|js|mjs|cjs))$/.exec(lines[i]);
    if (match) current = match[1];
    at[i + 1] = current;
  }
  return at;
}

function moduleGroup(path) {
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (npm) return `npm:${npm[1]}`;
  const ours = /^src\/(api\/[^/]+|[^/]+)/.exec(path);
  return ours ? `src/${ours[1]}` : path;
}

function charge(frames, modules) {
  for (const frame of frames) {
    const native = NATIVE.find(([, re]) => re.test(frame));
    if (native) return native[0];
    if (frame.includes(' JS:')) break;
  }
  const js = frames.find((f) => f.includes(' JS:'));
  if (js === undefined) return 'system calls, libuv (no JavaScript)';
  const bundled = /app\.cjs:(\d+):/.exec(js);
  if (bundled) return moduleGroup(modules[Number(bundled[1])] ?? '?');
  if (js.includes('undici-loop.mjs')) return 'the loop itself';
  if (js.includes('node_modules')) return moduleGroup(js);
  if (js.includes('wasm')) return 'npm:undici (llhttp)';
  const internal = /node:(?:internal\/)?([a-z_]+)/.exec(js);
  return internal ? `node:${internal[1]}` : 'other JavaScript';
}

/** Samples of `data` between two CLOCK_MONOTONIC instants (ns), by what they are charged to. */
function samples(data, fromNs, toNs, modules, detail) {
  const text = execFileSync('perf', ['script', '-i', data], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
  const sums = new Map();
  const within = new Map();
  let total = 0;
  for (const block of text.split('\n\n')) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    const ts = Number(/\s(\d+\.\d+):/.exec(lines[0] ?? '')?.[1]) * 1e9;
    if (!(ts >= fromNs && ts <= toNs)) continue;
    total++;
    const what = charge(lines.slice(1), modules);
    sums.set(what, (sums.get(what) ?? 0) + 1);
    if (detail !== undefined && what === detail) {
      // The innermost frame, and the innermost JavaScript function when that is native.
      const name = (line) => line.trim().split(/\s+/).slice(1).join(' ').replace(/\s*\(.*\)$/, '');
      const js = lines.slice(1).find((l) => l.includes(' JS:'));
      const leaf = name(lines[1] ?? '');
      const key = js !== undefined && !lines[1]?.includes(' JS:') ? `${leaf}  <  ${name(js)}` : leaf;
      within.set(key, (within.get(key) ?? 0) + 1);
    }
  }
  return { total, sums, within };
}

async function main() {
  const modules = bundleModules();
  // --perf-basic-prof writes a V8 log into the working directory (and /tmp/perf-<pid>.map, for perf).
  process.chdir(dir);
  const server = await startServerHost({ pages: PAGES, shape: values.shape, compress: values.compression === 'on' });
  try {
    const loopData = join(dir, 'loop.data');
    const loopOut = execFileSync(perf(loopData)[0], [...perf(loopData).slice(1), process.execPath, '--perf-basic-prof', LOOP, server.url, server.apiKey, 'grp-1', '100'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const loop = JSON.parse(loopOut);
    const appData = join(dir, 'app.data');
    const argv = [...perf(appData), process.execPath, '--perf-basic-prof', BUNDLE, '--base-url', server.url];
    const g = await timedGotoEnd(argv, { env: { PAGETUI_API_KEY: server.apiKey }, pages: PAGES, timeoutMs: 1_200_000 });
    const app = samples(appData, g.sentNs, g.loadedNs, modules, values.detail);
    const bare = samples(loopData, loop.startNs, loop.endNs, modules);
    const keys = [...new Set([...app.sums.keys(), ...bare.sums.keys()])].sort((a, b) => (app.sums.get(b) ?? 0) - (bare.sums.get(b) ?? 0) - ((app.sums.get(a) ?? 0) - (bare.sums.get(a) ?? 0)));
    process.stdout.write(
      `G over ${PAGES.toLocaleString('en-US')} pages, shape ${values.shape}, ${values.compression === 'on' ? 'compressing' : 'not compressing'}; ` +
        `perf samples at 999 Hz (about 1 ms of CPU each), every thread; load average ${loadavg()[0].toFixed(2)}\n` +
        `app ${app.total} samples (G wall ${g.ms.toFixed(0)} ms), loop ${bare.total} (wall ${loop.ms.toFixed(0)} ms): ${(app.total / bare.total).toFixed(2)}x\n` +
        'what | app | loop | app − loop\n',
    );
    for (const key of keys.slice(0, Number(values.top))) {
      const a = app.sums.get(key) ?? 0;
      const b = bare.sums.get(key) ?? 0;
      process.stdout.write(`${key} | ${a} | ${b} | ${a - b}\n`);
    }
    if (values.detail !== undefined) {
      process.stdout.write(`\nthe app's samples charged to ${values.detail}, by innermost frame:\n`);
      for (const [key, n] of [...app.within].sort((x, y) => y[1] - x[1]).slice(0, Number(values.top))) process.stdout.write(`${n} | ${key}\n`);
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
