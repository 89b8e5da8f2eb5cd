/**
 * A demo server in a process of its own. The bench process parses every frame the app draws in a
 * headless xterm; with the server on that same event loop, each parse held up the server's next
 * answer and so was charged to the app, while the bare loop, which draws nothing, never paid it.
 * Here the server answers on its own loop, as a real server does beside a real terminal.
 * `reset()` starts a count; `stats(path)` gives the requests to `path` since then, and the TCP
 * connections accepted so far (the server's whole life).
 */
import { fileURLToPath } from 'node:url';
import { forkAnswering } from './child-ipc.mjs';

const CHILD = process.argv[1] === fileURLToPath(import.meta.url);

/**
 * Starts the child with demo-server `options`: { url, apiKey, reset(), stats(path), close() }.
 * `spawn` ({ execArgv, env }) is for a bench's hooks in the server's process (server-steps.cjs).
 */
export function startServerHost(options = {}, spawn = {}) {
  const child = forkAnswering(fileURLToPath(import.meta.url), options, spawn);
  return child.ready.then(({ url, apiKey }) => ({
    url,
    apiKey,
    /** @returns {Promise<{connections: number}>} */
    reset: () => child.ask('reset'),
    /** @returns {Promise<{requests: number, connections: number}>} */
    stats: (path) => child.ask({ stats: path }),
    close: child.close,
  }));
}

async function host() {
  const { startServer } = await import('./demo-server.mjs');
  const server = await startServer(JSON.parse(process.argv[2]));
  let since = 0;
  process.on('message', async (command) => {
    if (command === 'close') {
      await server.close();
      process.exit(0);
    } else if (command === 'reset') {
      since = Date.now();
      process.send({ connections: server.connections() });
    } else if (command && typeof command.stats === 'string') {
      const requests = server.requests.filter((r) => r.path === command.stats && r.at >= since).length;
      process.send({ requests, connections: server.connections() });
    }
  });
  // The bench gone (finished, failed or killed): no server left behind.
  process.on('disconnect', () => process.exit(0));
  process.send({ url: server.url, apiKey: server.apiKey });
}

if (CHILD) await host();
