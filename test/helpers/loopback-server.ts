/**
 * A test's own `node:http` server on loopback for the file's lifetime: listening before the first
 * test, every connection closed after the last. Returns the base URL (read it inside a test).
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';

export function onLoopback(server: Server): () => string {
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const a = server.address();
    base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return () => base;
}
