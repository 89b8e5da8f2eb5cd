/**
 * A `--require` hook that records V8's collections (v8.GCProfiler) from the first key `GC_KEY`
 * read from the tty until the frame that shows `GC_DONE` (a regular expression), and writes, at
 * exit, to `GC_OUT`: per collection its type, its time on the main thread and the bytes of the
 * young and the old generation before and after it. Used by bench/g-gc.mjs; it changes nothing
 * it watches beyond the profiler's own small cost.
 */
'use strict';
const fs = require('node:fs');
const net = require('node:net');
const v8 = require('node:v8');

const out = process.env.GC_OUT;
const key = process.env.GC_KEY ?? 'G';
const done = new RegExp(process.env.GC_DONE ?? 'all [\\d,]+ loaded');
const profiler = new v8.GCProfiler();
let state = 'waiting';
let result;

const used = (stats, name) => stats.heapSpaceStatistics.find((s) => s.spaceName === name)?.spaceUsedSize ?? 0;

function stop() {
  state = 'stopped';
  result = profiler.stop().statistics.map((s) => ({
    type: s.gcType,
    ms: s.cost / 1000,
    youngBefore: used(s.beforeGC, 'new_space'),
    youngAfter: used(s.afterGC, 'new_space'),
    oldBefore: used(s.beforeGC, 'old_space'),
    oldAfter: used(s.afterGC, 'old_space'),
  }));
}

const emit = net.Socket.prototype.emit;
net.Socket.prototype.emit = function (event, ...args) {
  if (state === 'waiting' && event === 'data' && this.isTTY && String(args[0]).includes(key)) {
    state = 'running';
    profiler.start();
  }
  return emit.call(this, event, ...args);
};
const write = net.Socket.prototype.write;
net.Socket.prototype.write = function (data, ...rest) {
  if (state === 'running' && this.isTTY && done.test(String(data))) stop();
  return write.call(this, data, ...rest);
};
process.on('exit', () => {
  if (state === 'running') stop();
  if (out !== undefined) fs.writeFileSync(out, JSON.stringify(result ?? []));
});
