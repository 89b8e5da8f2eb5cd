/**
 * A one-group Page Service on loopback that accepts one key and answers 401 to every other one
 * (and to none), recording each request's query and whether it carried the good key.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { AddressInfo } from 'node:net';

export const GOOD_KEY = 'GOOD-KEY-abcdef-0001';
/** Long enough that the inspector shows its last 4 characters (`••••9999`). */
export const WRONG_KEY = 'WRONG-KEY-zyxwvu-9999';

export interface KeyServerRequest {
  readonly rawUrl: string;
  readonly status: number;
}

export interface KeyServer {
  readonly url: string;
  readonly requests: KeyServerRequest[];
  close(): Promise<void>;
}

const GROUP = { id: 'grp-1', title: 'Alpha Group', status: 'published', slug: 'alpha', updatedAt: '2026-01-01T00:00:00Z' };

export async function startKeyServer(): Promise<KeyServer> {
  const requests: KeyServerRequest[] = [];
  const server: Server = createServer((req, res) => {
    const ok = req.headers['x-api-key'] === GOOD_KEY;
    const status = ok ? 200 : 401;
    requests.push({ rawUrl: req.url ?? '', status });
    const body = ok
      ? { hasMore: false, items: [GROUP] }
      : { error: { code: 'UNAUTHORIZED', message: 'A valid API key is required in the x-api-key header.' } };
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A key server for one test file: started before its tests, closed (and temp folders removed) after them. */
export function keyServerPerFile(cleanup: () => void): () => KeyServer {
  let server: KeyServer | undefined;
  beforeAll(async () => {
    server = await startKeyServer();
  });
  afterAll(async () => {
    await server?.close();
    cleanup();
  });
  return () => {
    if (!server) throw new Error('the key server has not started');
    return server;
  };
}
