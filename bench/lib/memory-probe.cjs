/**
 * Preloaded into the app by bench/memory-breakdown.mjs (`node -r`): on SIGUSR2 it appends one JSON
 * line to $MEMPROBE_OUT with the process's RSS (anonymous and file-backed), process.memoryUsage(),
 * V8's heap statistics and its spaces, and, when a file $MEMPROBE_OUT.snap exists, writes a heap snapshot beside it.
 */
const v8 = require('node:v8');
const fs = require('node:fs');

process.on('SIGUSR2', () => {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const kb = (key) => Number((new RegExp(`${key}:\\s+(\\d+)`).exec(status) ?? [0, 0])[1]);
  const out = process.env.MEMPROBE_OUT;
  const line = {
    rssKb: kb('VmRSS'),
    anonKb: kb('RssAnon'),
    fileKb: kb('RssFile'),
    usage: process.memoryUsage(),
    heap: v8.getHeapStatistics(),
    spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size])),
  };
  if (fs.existsSync(`${out}.snap`)) line.snapshot = v8.writeHeapSnapshot(`${out}.${Date.now()}.heapsnapshot`);
  fs.appendFileSync(out, `${JSON.stringify(line)}\n`);
});
