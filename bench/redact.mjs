/**
 * `node bench/redact.mjs`: how long the key redactor (src/text/redact.ts) takes over a 5 MB server
 * body, for keys of 24 and 512 characters, on bodies that hold no key (a list page of JSON items;
 * the same with `=`, `&` and `%` in it, which adds the decoding passes) and on one that echoes the
 * key in many forms every few kilobytes. Prints a markdown table: the median CPU time of 5 runs of `text`
 * (CPU time, not wall time, so a busy machine inflates it less).
 * The modules come from src/, bundled with esbuild when the bench starts.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundled = await build({
  absWorkingDir: root,
  stdin: { contents: "export { secretRedactor } from './src/text/redact.ts';", resolveDir: root, loader: 'ts' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
});
const { secretRedactor } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);

const SIZE = 5 * 1024 * 1024;
const KEYS = {
  '24 chars': 'aB3dE6gH9jK2mN5pQ8sT1vW4',
  '512 chars': Array.from({ length: 512 }, (_, i) => 'aZ9+/-_.xQ'[(i * 7) % 10] + String.fromCharCode(65 + ((i * 13) % 26))).join('').slice(0, 512),
};

function repeatTo(unit) {
  return unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
}

function bodies(key) {
  const item = (i) => `{"pageId":"grp-1-p${i}","title":"Evergreen Landing ${i} 新产品 café","status":"published","updatedAt":"2024-09-07T10:00:00Z"},`;
  const page = Array.from({ length: 50 }, (_, i) => item(i)).join('');
  const withTriggers = Array.from({ length: 50 }, (_, i) => item(i).replace('Landing', `a=b&c=d 100% \\n ${i}`)).join('');
  const echo = [key.toLowerCase(), encodeURIComponent(key), key.toUpperCase(), Buffer.from(key).toString('base64'), key.replaceAll('+', '&#43;')].join(' ');
  return {
    'JSON, no key': repeatTo(page),
    'JSON with = & % \\, no key': repeatTo(withTriggers),
    'key echoed every ~6 KB': repeatTo(`${page.slice(0, 6000)} ${echo} `),
  };
}

const rows = [['key', 'body (5 MB)', 'median CPU ms', 'masks']];
for (const [keyName, key] of Object.entries(KEYS)) {
  for (const [bodyName, body] of Object.entries(bodies(key))) {
    const times = [];
    let out = '';
    for (let run = 0; run < 5; run++) {
      const redactor = secretRedactor(`${key}`); // cached per key; a fresh body string each run below
      const text = Buffer.from(`${body.slice(0, -1)}${run}`).toString(); // flat, as a body decoded from bytes is
      const cpu0 = process.cpuUsage();
      out = redactor.text(text);
      const cpu = process.cpuUsage(cpu0);
      times.push((cpu.user + cpu.system) / 1000);
    }
    times.sort((a, b) => a - b);
    rows.push([keyName, bodyName, times[2].toFixed(0), String(out.split('••••').length - 1)]);
  }
}
for (const [i, row] of rows.entries()) {
  console.log(`| ${row.join(' | ')} |`);
  if (i === 0) console.log(`|${row.map(() => '---').join('|')}|`);
}
