/**
 * A `--require` hook for the demo server's own process (server-host.mjs): for each list request
 * (`…/pages`), when the server's JavaScript saw it and when it handed the answer to the socket
 * (`res.end`), as CLOCK_MONOTONIC ns. With socket-steps.cjs on the client's side (same clock),
 * bench/g-steps.mjs --split cuts the server's step in three: the request's way to the server, the
 * server's own work, and the answer's way back to the client's JavaScript. Writes JSON to
 * `SERVER_STEPS_OUT` at exit; it changes nothing it watches.
 */
'use strict';
const http = require('node:http');
const fs = require('node:fs');

const out = process.env.SERVER_STEPS_OUT;
const rows = [];

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request' && typeof req?.url === 'string' && req.url.includes('/pages')) {
    const row = [Number(process.hrtime.bigint()), 0];
    rows.push(row);
    const end = res.end;
    res.end = function (...args) {
      row[1] = Number(process.hrtime.bigint());
      return end.apply(this, args);
    };
  }
  return emit.apply(this, arguments);
};

process.on('exit', () => {
  if (out) fs.writeFileSync(out, JSON.stringify(rows));
});
