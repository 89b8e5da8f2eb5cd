/**
 * A demo server behind the link shaper in a process of its own, so the bench process (which parses
 * the app's frames in a headless xterm) never delays the link it measures: `G` and the bare loop
 * then cross the same link under the same load. Started with `startLinkHost`; the child answers
 * `reset` (zero the counters) and `stats` (requests to `path` and bytes since the reset).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = process.argv[1] === fileURLToPath(import.meta.url);

/** Starts the child: { url, apiKey, reset(), stats(), close() }. */
export function startLinkHost({ pages, compress, mbit, rttMs, path }) {
  const child = fork(fileURLToPath(import.meta.url), [JSON.stringify({ pages, compress, mbit, rttMs, path })], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = [];
  child.on('message', (message) => waiting.shift()?.(message));
  const ask = (command) =>
    new Promise((resolve) => {
      waiting.push(resolve);
      if (command !== undefined) child.send(command);
    });
  return ask().then(({ url, apiKey }) => ({
    url,
    apiKey,
    reset: () => ask('reset'),
    stats: () => ask('stats'),
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.send('close');
      }),
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
