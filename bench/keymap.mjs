/**
 * `node bench/keymap.mjs`: what the config's `"keys"` and `"commands"` cost at start — the time to
 * build the table in effect (src/ui/keymap: parse every key name, check every conflict, locate the
 * lines of any problem) from a config of 30 entries (24 remapped actions, 6 commands of your own,
 * two of them clashing), cold (the first build, as at start) and warm (median of many), and the
 * same with no `"keys"` and no `"commands"` at all (nothing is built). The target is 5 ms cold.
 * CPU time is the process's, which a loaded machine inflates: each cold process also times a fixed
 * reference loop (10^5 additions, cold), printed beside the figures so runs on machines under
 * different loads can be compared. Prints a markdown table.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { median } from './lib/stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const child = process.argv[2] === '--cold';
const dir = child ? (process.argv[3] ?? '') : mkdtempSync(join(tmpdir(), 'keymap-bench-'));
const out = join(dir, 'keymap.mjs');
if (!child) {
  const entry = join(dir, 'entry.ts');
  writeFileSync(entry, `export { loadKeymap } from '${join(root, 'src/cli/keymap-setting.ts')}';\n`);
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error' });
}
const { loadKeymap } = await import(pathToFileURL(out).href);

// A realistic config: 24 actions given keys that are free (capitals, F-keys, ctrl-), one pair
// clashing (sort and refresh on X), and 6 commands of your own on the free letters.
const free = ['A', 'B', 'D', 'F', 'H', 'I', 'K', 'M', 'O', 'P', 'Q', 'T', 'U', 'V', 'W', 'Z'];
const keys = {};
const actions = ['moveDown', 'moveUp', 'pageDown', 'pageUp', 'halfPageDown', 'halfPageUp', 'top', 'bottom', 'open', 'details', 'filter', 'copyId', 'copyJson', 'export', 'watch', 'login', 'help', 'reverseSort', 'jump', 'inspector', 'statusDraft', 'statusAll'];
actions.forEach((action, i) => {
  keys[action] = i < free.length ? (i < 12 ? [free[i], `f${i + 1}`] : free[i]) : `ctrl-${'opqrstvxy'[i - free.length]}`;
});
keys.sort = 'X';
keys.refresh = 'X';
const commands = Array.from({ length: 6 }, (_, i) => ({ key: 'abcfmo'[i], screen: ['groups', 'pages', 'detail'][i % 3], description: `command ${i}`, argv: ['prog', '{id}', 'name={name}'] }));
const text = JSON.stringify({ keys, commands }, null, 2);
// As loadConfig gives it: the checked config and the file's text (for the lines of problems).
const loaded = { config: { profiles: {}, ...JSON.parse(text) }, problems: [], source: { path: '/config.json', text } };
const bare = { config: { profiles: {}, theme: 'dark' }, problems: [], source: { path: '/config.json', text: '{ "theme": "dark" }' } };

const timed = (work) => {
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = work();
  const used = process.cpuUsage(cpu);
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, cpuMs: (used.user + used.system) / 1000, result };
};
const once = () => timed(() => loadKeymap(loaded));

if (child) {
  // One fresh process: the build with no keys, the first build as at start, then the reference
  // loop (last: its optimising compile runs on another thread, which process CPU time counts).
  const none = timed(() => loadKeymap(bare));
  const cold = once();
  const reference = timed(() => {
    let sum = 0;
    for (let i = 0; i < 1e5; i++) sum += i;
    return sum;
  });
  if (process.env.SHOW) console.error(cold.result.problems.join('\n'));
  process.stdout.write(JSON.stringify({ ms: cold.ms, cpuMs: cold.cpuMs, problems: cold.result.problems.length, noneCpuMs: none.cpuMs, referenceCpuMs: reference.cpuMs }));
  process.exit(0);
}

const RUNS = Number(process.env.KEYMAP_RUNS ?? 15);
const colds = Array.from({ length: RUNS }, () => JSON.parse(execFileSync(process.execPath, [...(process.env.KEYMAP_NODE_FLAGS ? process.env.KEYMAP_NODE_FLAGS.split(' ') : []), fileURLToPath(import.meta.url), '--cold', dir], { encoding: 'utf8' })));
const warm = median(Array.from({ length: 200 }, () => once().ms));
rmSync(dir, { recursive: true, force: true });

const f = (v) => `${v.toFixed(2)} ms`;
const cpu = (key) => f(median(colds.map((c) => c[key])));
console.log(`| keymap of 30 entries (load ${loadavg()[0].toFixed(1)}) | cold: wall, median of ${RUNS} processes | cold: CPU, median | cold: CPU, worst | warm (median of 200) | problems found | no "keys": cold CPU, median | reference loop: cold CPU, median | target |`);
console.log('|---|---|---|---|---|---|---|---|---|');
console.log(`| ${Object.keys(keys).length} keys + ${commands.length} commands | ${f(median(colds.map((c) => c.ms)))} | ${cpu('cpuMs')} | ${f(Math.max(...colds.map((c) => c.cpuMs)))} | ${warm.toFixed(3)} ms | ${colds[0].problems} | ${cpu('noneCpuMs')} | ${cpu('referenceCpuMs')} | ≤ 5 ms cold |`);
