/**
 * `node --expose-gc bench/id-set.mjs`: the memory and speed of de-duplicating 1,000,000 item ids
 * ("grp-1-p123456") with a Set<string> and with src/api/pager/id-set.ts. Memory is measured in a child
 * process per structure (heap plus typed-array backing stores, after a full GC, with the ids
 * themselves dropped, as when items are kept off the heap), with the time of one full GC beside
 * it. Speed (ns per add, per has of a present and an absent id) alternates the two, several rounds,
 * medians. Prints a markdown table; timings are only comparable within one run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { median } from './lib/stats.mjs';

const IDS = Number(process.env.IDSET_IDS ?? 1_000_000);
const ROUNDS = Number(process.env.IDSET_ROUNDS ?? 5);
const SELF = fileURLToPath(import.meta.url);

if (typeof globalThis.gc !== 'function') {
  process.stderr.write('Run with node --expose-gc.\n');
  process.exit(1);
}

const source = readFileSync(fileURLToPath(new URL('../src/api/pager/id-set.ts', import.meta.url)), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'id-set-bench-'));
const compiled = join(dir, 'id-set.mjs');
writeFileSync(compiled, (await transform(source, { loader: 'ts', format: 'esm', target: 'node20' })).code);
const { IdSet } = await import(pathToFileURL(compiled).href);
const makers = { 'Set<string>': () => new Set(), IdSet: () => new IdSet() };

/** Ids as parsed from JSON bodies (flat heap strings, as the client gets them), a page of 10,000 at a time. */
function* idPages(prefix, count) {
  for (let from = 0; from < count; from += 10_000) {
    const page = [];
    for (let i = from; i < Math.min(count, from + 10_000); i++) page.push(`${prefix}${i}`);
    yield JSON.parse(JSON.stringify(page));
  }
}

// `external`, not `arrayBuffers`: the set's buffers are resizable ones V8 maps itself, which
// Node's count of array buffers leaves out.
const held = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};

function measureMemory(name) {
  const add = name === 'IdSet' ? (set, id) => set.addIfNew(id) : (set, id) => set.add(id);
  globalThis.gc();
  globalThis.gc();
  const before = held();
  const set = makers[name]();
  for (const page of idPages('grp-1-p', IDS)) for (const id of page) add(set, id);
  globalThis.gc();
  globalThis.gc();
  const bytes = held() - before;
  const started = process.hrtime.bigint();
  globalThis.gc();
  const gcMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (set.size !== IDS) throw new Error(`${name} holds ${set.size} ids, not ${IDS}`);
  return { bytes, gcMs };
}

function timeOnce(name, present, absent) {
  const set = makers[name]();
  const add = name === 'IdSet' ? (id) => set.addIfNew(id) : (id) => set.add(id);
  let t = process.hrtime.bigint();
  for (let i = 0; i < present.length; i++) add(present[i]);
  const addNs = Number(process.hrtime.bigint() - t) / present.length;
  let found = 0;
  t = process.hrtime.bigint();
  for (let i = 0; i < present.length; i++) if (set.has(present[i])) found++;
  const hasNs = Number(process.hrtime.bigint() - t) / present.length;
  t = process.hrtime.bigint();
  for (let i = 0; i < absent.length; i++) if (set.has(absent[i])) found++;
  const missNs = Number(process.hrtime.bigint() - t) / absent.length;
  if (found !== present.length) throw new Error(`${name} answered wrongly (${found} found)`);
  return { addNs, hasNs, missNs };
}

if (process.argv[2] === '--memory') {
  process.stdout.write(JSON.stringify(measureMemory(process.argv[3])));
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

const loadAtStart = loadavg()[0];
const memory = {};
for (const name of Object.keys(makers)) {
  const out = execFileSync(process.execPath, ['--expose-gc', SELF, '--memory', name], { encoding: 'utf8', env: process.env });
  memory[name] = JSON.parse(out);
}
const present = [...idPages('grp-1-p', IDS)].flat();
const absent = [...idPages('grp-2-p', IDS)].flat();
const times = { 'Set<string>': [], IdSet: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const name of round % 2 ? ['IdSet', 'Set<string>'] : ['Set<string>', 'IdSet']) {
    times[name].push(timeOnce(name, present, absent));
    globalThis.gc();
  }
}
rmSync(dir, { recursive: true, force: true });

const pick = (name, key) => median(times[name].map((t) => t[key])).toFixed(0);
const lines = [
  `${IDS.toLocaleString('en-US')} ids like "grp-1-p123456"; Node ${process.version}; load ${loadAtStart.toFixed(2)} -> ${loadavg()[0].toFixed(2)}; ${ROUNDS} timing rounds (medians)`,
  '',
  '| Structure | Held (heap + buffers) | Per id | One full GC | add | has (present) | has (absent) |',
  '|---|---|---|---|---|---|---|',
  ...Object.keys(makers).map((name) => {
    const { bytes, gcMs } = memory[name];
    const cells = [`${(bytes / 1048576).toFixed(1)} MB`, `${(bytes / IDS).toFixed(1)} B`, `${gcMs.toFixed(1)} ms`];
    return `| ${name} | ${cells.join(' | ')} | ${pick(name, 'addNs')} ns | ${pick(name, 'hasNs')} ns | ${pick(name, 'missNs')} ns |`;
  }),
];
process.stdout.write(`${lines.join('\n')}\n`);
