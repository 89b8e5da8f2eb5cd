/** A proxy that takes the connection and never answers CONNECT: the deadline ends the tunnel too, and close() does not wait for it. */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/http/client.js';
import { waitFor } from '../helpers/wait-for.js';

let server: Server | undefined;
const sockets: Socket[] = [];

async function silentProxy(): Promise<{ port: number; open: () => number }> {
  let open = 0;
  server = createServer((socket) => {
    sockets.push(socket);
    open += 1;
    socket.on('error', () => {});
    socket.resume();
    socket.on('close', () => (open -= 1));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, open: () => open };
}

const clientThrough = (port: number, ms: number) =>
  createApiClient({
    baseUrl: new URL('https://pages.pagetui.test'),
    getApiKey: () => 'sk-silent-proxy-1234',
    timeout: { ms, source: '--timeout' },
    proxyEnv: { HTTPS_PROXY: `127.0.0.1:${port}` },
  });

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

it('the response deadline destroys the CONNECT socket and close() returns at once', async () => {
  const proxy = await silentProxy();
  const client = clientThrough(proxy.port, 300);
  await expect(client.listPageGroups()).rejects.toMatchObject({ code: 'PROXY_TIMEOUT', message: expect.stringContaining('did not answer the CONNECT') as string });
  await waitFor('the CONNECT socket closed', () => proxy.open() === 0, 3000);
  await client.close();
}, 8000);

it('close() while a CONNECT is still unanswered ends it instead of waiting minutes', async () => {
  const proxy = await silentProxy();
  const client = clientThrough(proxy.port, 60_000);
  const pending = client.listPageGroups().catch((e: unknown) => e);
  await waitFor('the CONNECT sent', () => proxy.open() === 1, 3000);
  await client.close();
  await pending;
  await waitFor('the CONNECT socket closed', () => proxy.open() === 0, 3000);
}, 8000);

it('a proxy URL with a path is the proxy at its host and port (the path is ignored, as curl does)', async () => {
  const proxy = await silentProxy();
  const client = createApiClient({
    baseUrl: new URL('https://pages.pagetui.test'),
    getApiKey: () => 'sk-silent-proxy-1234',
    timeout: { ms: 300, source: '--timeout' },
    proxyEnv: { HTTPS_PROXY: `http://127.0.0.1:${proxy.port}/some/path` },
  });
  await expect(client.listPageGroups()).rejects.toMatchObject({ code: 'PROXY_TIMEOUT' });
  await client.close();
}, 8000);

it('a stopped request (its signal aborted) closes the CONNECT socket at once', async () => {
  const proxy = await silentProxy();
  const client = clientThrough(proxy.port, 60_000);
  const stop = new AbortController();
  const pending = client.listPageGroups({ signal: stop.signal }).catch((e: unknown) => e);
  await waitFor('the CONNECT sent', () => proxy.open() === 1, 3000);
  stop.abort();
  await expect(pending).resolves.toMatchObject({ code: 'ABORTED' });
  await waitFor('the CONNECT socket closed', () => proxy.open() === 0, 1000);
  // Nor is another connection opened in its place (an abort would have undici connect again, idle for seconds).
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect({ open: proxy.open(), connections: sockets.length }).toEqual({ open: 0, connections: 1 });
  await client.close();
}, 8000);

describe('a plain-http service through a proxy that takes the request and never answers', () => {
  const plainClientThrough = (port: number, ms: number) =>
    createApiClient({
      baseUrl: new URL('http://pages.pagetui.test'),
      getApiKey: () => 'sk-silent-proxy-1234',
      timeout: { ms, source: '--timeout' },
      proxyEnv: { HTTP_PROXY: `http://127.0.0.1:${port}` },
    });

  it('is waiting for the proxy, named with its variable, as a CONNECT is', async () => {
    const proxy = await silentProxy();
    const client = plainClientThrough(proxy.port, 60_000);
    expect(client.waitingFor?.()).toBeUndefined();
    const stop = new AbortController();
    const pending = client.listPageGroups({ signal: stop.signal }).catch((e: unknown) => e);
    await waitFor('the request sent', () => proxy.open() === 1, 3000);
    expect(client.waitingFor?.()).toBe(`the proxy 127.0.0.1:${proxy.port} (from HTTP_PROXY)`);
    stop.abort();
    await expect(pending).resolves.toMatchObject({ code: 'ABORTED' });
    expect(client.waitingFor?.()).toBeUndefined();
    await client.close();
  }, 8000);

  it('a deadline that passes names the proxy and its variable', async () => {
    const proxy = await silentProxy();
    const client = plainClientThrough(proxy.port, 300);
    const error = await client.listPageGroups().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', message: expect.stringContaining(`127.0.0.1:${proxy.port} (from HTTP_PROXY)`) as string });
    await client.close();
  }, 8000);
});
