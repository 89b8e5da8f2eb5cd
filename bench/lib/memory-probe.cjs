/**
 * Preloaded into the app by bench/memory-breakdown.mjs (`node -r`): on SIGUSR2 it appends one JSON
 * line to $MEMPROBE_OUT with the process's RSS (anonymous and file-backed), process.memoryUsage(),
 * V8's heap statistics and its spaces, and, when a file $MEMPROBE_OUT.snap exists, writes a heap snapshot beside it.
 */
const v8 = require('node:v8');
const fs = require('node:fs');

// V8 flags to try (MEMPROBE_V8_FLAGS, e.g. --semi-space-growth-factor=1), set before the app loads.
if (process.env.MEMPROBE_V8_FLAGS) v8.setFlagsFromString(process.env.MEMPROBE_V8_FLAGS);

/** Resident anonymous memory by kind of mapping (kB): the C heap, other anonymous maps by size. */
function mappings() {
  const out = { brkHeap: 0, anonSmall: 0, anonLarge: 0 };
  let kind;
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (range) {
      const size = (parseInt(range[2], 16) - parseInt(range[1], 16)) / 1024;
      const name = range[3];
      kind = name === '[heap]' ? 'brkHeap' : name === '' ? (size >= 32 * 1024 ? 'anonLarge' : 'anonSmall') : undefined;
      continue;
    }
    const rss = /^Rss:\s+(\d+)/.exec(line);
    if (rss && kind) out[kind] += Number(rss[1]);
  }
  return out;
}

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
    spaceSizes: Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.physical_space_size])),
    mappings: mappings(),
  };
  if (fs.existsSync(`${out}.snap`)) line.snapshot = v8.writeHeapSnapshot(`${out}.${Date.now()}.heapsnapshot`);
  fs.appendFileSync(out, `${JSON.stringify(line)}\n`);
});
