/**
 * A demo server behind the link shaper in a process of its own, so the bench process (which parses
 * the app's frames in a headless xterm) never delays the link it measures: `G` and the bare loop
 * then cross the same link under the same load. Started with `startLinkHost`; the child answers
 * `reset` (zero the counters) and `stats` (requests to `path` and bytes since the reset).
 */
import { fileURLToPath } from 'node:url';
import { forkAnswering } from './child-ipc.mjs';

const CHILD = process.argv[1] === fileURLToPath(import.meta.url);

/** Starts the child: { url, apiKey, reset(), stats(), close() }. */
export function startLinkHost({ pages, compress, mbit, rttMs, path }) {
  const child = forkAnswering(fileURLToPath(import.meta.url), { pages, compress, mbit, rttMs, path });
  return child.ready.then(({ url, apiKey }) => ({
    url,
    apiKey,
    reset: () => child.ask('reset'),
    stats: () => child.ask('stats'),
    close: child.close,
  }));
}

async function host() {
  const { startServer } = await import('./demo-server.mjs');
  const { startLinkShaper } = await import('./link-shaper.mjs');
  const { pages, compress, mbit, rttMs, path } = JSON.parse(process.argv[2]);
  const server = await startServer({ pages, compress });
  const shaper = await startLinkShaper({ target: { host: '127.0.0.1', port: server.port }, mbit, rttMs });
  let since = 0;
  process.on('message', async (command) => {
    if (command === 'reset') {
      shaper.reset();
      since = Date.now();
      process.send('reset');
    } else if (command === 'stats') {
      const requests = server.requests.filter((r) => r.path === path && r.at >= since).length;
      process.send({ requests, bytes: { ...shaper.bytes } });
    } else if (command === 'close') {
      await shaper.close();
      await server.close();
      process.disconnect();
    }
  });
  process.send({ url: shaper.url, apiKey: server.apiKey });
}

if (CHILD) await host();
