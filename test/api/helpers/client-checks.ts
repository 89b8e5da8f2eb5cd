/** Shared checks for client tests: clients tracked for closing, and failures that leak no key. */
import { inspect } from 'node:util';
import { expect } from 'vitest';
import { parseBaseUrl } from '../../../src/api/http/base-url.js';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../../src/api/http/client.js';
import { ApiError } from '../../../src/api/http/errors.js';

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
