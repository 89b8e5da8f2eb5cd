/**
 * A `--require` hook that times the steps of a cursor walk from the sockets' side: for each
 * request of a listing (`GET …/pages`), the server's step (request written → first byte of the
 * response) and the client's step (last byte of a response → the next request written). In a
 * terminal it also times a key (`STEPS_KEY`, read from the tty) to the first request after it, and
 * the last response to the first frame that shows `STEPS_DONE` (a regular expression). Writes
 * JSON to `STEPS_OUT` at exit, with each counted step's ends as CLOCK_MONOTONIC ns (request written,
 * first byte back) for matching against the server's own times (server-steps.cjs). Used by
 * bench/g-steps.mjs; it changes nothing it watches.
 */
'use strict';
const net = require('node:net');
const fs = require('node:fs');

const out = process.env.STEPS_OUT;
const key = process.env.STEPS_KEY;
const done = process.env.STEPS_DONE ? new RegExp(process.env.STEPS_DONE) : undefined;
const server = [];
const client = [];
const transfer = [];
let firstByteAt = 0;
let keyAt = 0;
let firstAfterKey = 0;
let writtenAt = 0;
let lastByteAt = 0;
let doneAt = 0;
let doneGap;
/** [request written, first byte of its answer] in ns, one per counted step. */
const stepsNs = [];
let writtenNs = 0;

const write = net.Socket.prototype.write;
net.Socket.prototype.write = function (data, ...rest) {
  const now = performance.now();
  if (typeof data === 'string' && data.startsWith('GET ') && data.includes('/pages')) {
    const counted = key === undefined || keyAt > 0;
    if (counted && firstAfterKey === 0) firstAfterKey = now;
    else if (counted && lastByteAt > 0) client.push(now - lastByteAt);
    writtenAt = counted ? now : 0;
    writtenNs = counted ? Number(process.hrtime.bigint()) : 0;
  } else if (this.isTTY && done !== undefined && keyAt > 0 && doneAt === 0 && done.test(String(data))) {
    doneAt = now;
    doneGap = now - lastByteAt;
  }
  return write.call(this, data, ...rest);
};

const emit = net.Socket.prototype.emit;
net.Socket.prototype.emit = function (event, ...args) {
  if (event === 'data') {
    const now = performance.now();
    if (this.isTTY) {
      if (key !== undefined && keyAt === 0 && String(args[0]).includes(key)) keyAt = now;
    } else if (this.remotePort) {
      if (writtenAt > 0) {
        server.push(now - writtenAt);
        stepsNs.push([writtenNs, Number(process.hrtime.bigint())]);
        if (firstByteAt > 0 && lastByteAt > firstByteAt) transfer.push(lastByteAt - firstByteAt);
        firstByteAt = now;
      }
      writtenAt = 0;
      lastByteAt = now;
    }
  }
  return emit.call(this, event, ...args);
};

function summary(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const sum = sorted.reduce((s, x) => s + x, 0);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  return { n: sorted.length, sumMs: sum, meanMs: sorted.length ? sum / sorted.length : 0, p50Ms: at(0.5), p90Ms: at(0.9) };
}

process.on('exit', () => {
  if (!out) return;
  const steps = {
    client: summary(client),
    server: summary(server),
    transfer: summary(transfer),
    stepsNs,
    ...(key === undefined ? {} : { keyToRequestMs: firstAfterKey - keyAt }),
    ...(done === undefined ? {} : { lastResponseToFrameMs: doneGap }),
  };
  fs.writeFileSync(out, JSON.stringify(steps));
});
