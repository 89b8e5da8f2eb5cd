/** Shared checks for client tests: clients tracked for closing, and failures that leak no key. */
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { parseBaseUrl } from '../../../src/api/http/base-url.js';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../../src/api/http/client.js';
import { ApiError } from '../../../src/api/http/errors.js';
import { startTestServer, type TestServer } from './test-server.js';

/** A client factory for `origin()` with `key`; every client made is kept in `clients` for closing. */
export function clientsFor(origin: () => string, key: string) {
  const clients: ApiClient[] = [];
  const make = (over: Partial<ApiClientOptions> = {}): ApiClient => {
    const c = createApiClient({ baseUrl: parseBaseUrl(origin(), {}), getApiKey: () => key, ...over });
    clients.push(c);
    return c;
  };
  return { clients, make };
}

/** The rejection of `p`, checked to be an ApiError whose message, JSON and inspection hold no `key`. */
export async function failureWithout(key: string, p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect(JSON.stringify(err)).not.toContain(key);
  expect((err as Error).message).not.toContain(key);
  expect(inspect(err, { depth: 6, showHidden: true })).not.toContain(key);
  return err as ApiError;
}

/**
 * A test server for the file (started before its cases, closed after them) and a factory of
 * clients of it with `key`, each closed after its case.
 */
export function serverWithClients(key: string): { server: () => TestServer; client: (over?: Partial<ApiClientOptions>) => ApiClient } {
  let server: TestServer | undefined;
  const live = (): TestServer => {
    if (server === undefined) throw new Error('the test server is not started');
    return server;
  };
  const { clients, make } = clientsFor(() => live().origin, key);
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await server?.close();
  });
  return { server: live, client: make };
}
