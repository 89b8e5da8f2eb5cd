// A userspace link shaper: a TCP proxy on 127.0.0.1 that gives each direction of every
// connection a bandwidth and a one-way delay, as a remote API would see (`tc netem` needs root
// and is not available everywhere). Bytes are counted per direction, TCP payload only (the
// HTTP headers and bodies, not TCP/IP framing).
import { createServer, connect } from 'node:net';

/** Largest piece serialised as one unit; smaller keeps the flow smooth at low bandwidth. */
const PIECE = 4096;

/**
 * One direction of a link: pieces leave at the bandwidth, in order, and arrive `delayMs` later.
 * A single timer drains the queue, so order never depends on timer rounding.
 */
function shapedPipe(from, to, { bytesPerMs, delayMs }, count) {
  const queue = [];
  let linkFreeAt = 0;
  let timer;
  let ended = false;
  const pump = () => {
    timer = undefined;
    const now = performance.now();
    while (queue.length > 0 && queue[0].at <= now) {
      const { piece } = queue.shift();
      if (piece === null) to.end();
      else if (!to.destroyed) to.write(piece);
    }
    if (queue.length > 0) timer = setTimeout(pump, Math.max(0, queue[0].at - now));
  };
  const enqueue = (piece, size) => {
    const now = performance.now();
    linkFreeAt = Math.max(now, linkFreeAt) + size / bytesPerMs;
    queue.push({ piece, at: linkFreeAt + delayMs });
    if (timer === undefined) timer = setTimeout(pump, Math.max(0, queue[0].at - now));
  };
  from.on('data', (chunk) => {
    for (let off = 0; off < chunk.length; off += PIECE) {
      const piece = chunk.subarray(off, off + PIECE);
      count(piece.length);
      enqueue(piece, piece.length);
    }
  });
  from.on('end', () => {
    if (!ended) enqueue(null, 0);
    ended = true;
  });
  return () => clearTimeout(timer);
}

/**
 * Starts a shaper in front of `target` ({ host, port }). `mbit` per direction, `rttMs` split
 * evenly into the two one-way delays. Resolves with { url, port, bytes: { up, down }, reset(), close() }.
 */
export async function startLinkShaper({ target, mbit, rttMs }) {
  const link = { bytesPerMs: (mbit * 1e6) / 8 / 1000, delayMs: rttMs / 2 };
  const bytes = { up: 0, down: 0, connections: 0 };
  const sockets = new Set();
  const stops = new Set();
  const server = createServer((client) => {
    bytes.connections++;
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      // The shaper decides when bytes leave; Nagle would add its own waits on top.
      s.setNoDelay(true);
      sockets.add(s);
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      s.on('close', () => sockets.delete(s));
    }
    // The connection itself takes a round trip, like a SYN / SYN-ACK over the link.
    client.pause();
    upstream.once('connect', () =>
      setTimeout(() => {
        const stopUp = shapedPipe(client, upstream, link, (n) => (bytes.up += n));
        const stopDown = shapedPipe(upstream, client, link, (n) => (bytes.down += n));
        stops.add(stopUp).add(stopDown);
        client.resume();
      }, rttMs),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    bytes,
    reset: () => {
      bytes.up = 0;
      bytes.down = 0;
      bytes.connections = 0;
    },
    close: () =>
      new Promise((resolve) => {
        for (const stop of stops) stop();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
