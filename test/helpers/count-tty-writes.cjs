/**
 * Loaded with `node --require` before the app: counts the app's writes to its terminal (one per
 * frame, or a few) from the first `G` it reads until it exits, and then writes the count to the
 * file named by COUNT_TTY_WRITES.
 */
'use strict';
const fs = require('node:fs');
const net = require('node:net');

let counting = false;
let writes = 0;
const write = net.Socket.prototype.write;
net.Socket.prototype.write = function countedWrite(...args) {
  if (counting && this.isTTY) writes++;
  return write.apply(this, args);
};
const emit = net.Socket.prototype.emit;
net.Socket.prototype.emit = function watchedEmit(event, ...args) {
  if (event === 'data' && this.isTTY && String(args[0]).includes('G')) counting = true;
  return emit.call(this, event, ...args);
};
process.on('exit', () => {
  if (process.env.COUNT_TTY_WRITES) fs.writeFileSync(process.env.COUNT_TTY_WRITES, String(writes));
});
