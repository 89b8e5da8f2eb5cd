import http from 'node:http';
import type { Socket } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/api/http/base-url.js';
import { parseDemoServerArgs } from '../../src/demo-server/args.js';
import { startDemoServer } from '../../src/demo-server/index.js';
import { runDemoServerCommand } from '../../src/demo-server/main.js';
import { request } from './helpers.js';

describe('startDemoServer', () => {
  it('listens on 127.0.0.1 with a free port and the demo key', async () => {
    const server = await startDemoServer();
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      expect(server.port).toBeGreaterThan(0);
      expect(server.apiKey).toBe('demo-key');
      const res = await fetch(`${server.url}/v0/page_groups`, { headers: { 'x-api-key': server.apiKey } });
      expect(res.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('refuses a non-loopback host', async () => {
    await expect(startDemoServer({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
    await expect(startDemoServer({ host: '192.168.1.1' })).rejects.toThrow(/loopback/);
  });

  it('refuses nonsense sizes', async () => {
    await expect(startDemoServer({ pages: -1 })).rejects.toThrow(/pages/);
    await expect(startDemoServer({ rateLimit: 0 })).rejects.toThrow(/rateLimit/);
  });

  it('serves a 100,000-page group without trouble', async () => {
    const server = await startDemoServer({ pages: 100_000 });
    try {
      const groups = await request(server, '/v0/page_groups?limit=1');
      expect(groups.body.items[0].pageCount).toBe(100_000);
      const first = await request(server, '/v0/page_groups/grp-1/pages?limit=100');
      expect(first.status).toBe(200);
      expect(first.body.hasMore).toBe(true);
      expect(first.body.items).toHaveLength(100);
      expect(first.body.items[99].pageId).toBe('grp-1-p100');
    } finally {
      await server.close();
    }
  });

  it('keeps connections alive, counts them, and close() closes idle keep-alive sockets', async () => {
    const server = await startDemoServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await request(server, '/v0/page_groups?limit=1', { agent });
      await request(server, '/v0/page_groups?limit=1', { agent });
      expect(server.connections()).toBe(1);
      const [a, b] = server.requests;
      expect(a?.socketId).toBe(b?.socketId);

      const idle = Object.values(agent.freeSockets).flat()[0] as Socket | undefined;
      expect(idle).toBeDefined();
      const socketClosed = new Promise<void>((resolve) => idle?.once('close', () => resolve()));
      await server.close();
      await socketClosed;
      expect(idle?.destroyed).toBe(true);
    } finally {
      agent.destroy();
      await server.close();
    }
  });

  it('close() also ends connections with a response still pending', async () => {
    const server = await startDemoServer({ latencyMs: 60_000 });
    const pending = request(server, '/v0/page_groups');
    await waitFor(() => server.requests.length === 1);
    await server.close();
    await expect(pending).rejects.toThrow();
  });
});

describe('parseDemoServerArgs', () => {
  it('parses every option', () => {
    expect(
      parseDemoServerArgs([
        '--port', '8080', '--seed', '2', '--latency', '100', '--pages', '100000',
        '--rate-limit', '5', '--faults', '--groups=12', '--host', 'localhost',
      ]),
    ).toEqual({ port: 8080, seed: 2, latencyMs: 100, pages: 100_000, rateLimit: 5, faults: true, groups: 12, host: 'localhost' });
    expect(parseDemoServerArgs([])).toEqual({});
    expect(parseDemoServerArgs(['--port=0'])).toEqual({ port: 0 });
  });

  // One loopback check: the demo server listens on exactly the hosts the client treats as loopback.
  it.each(['127.0.0.1', '127.1.2.3', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])(
    'accepts the loopback --host %s',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
      expect(parseDemoServerArgs(['--host', host])).toEqual({ host });
    },
  );
  it.each(['0.0.0.0', '::', '128.0.0.1', '127.0.0.1.nip.io', 'localhost.example.com', '::2'])(
    'refuses the non-loopback --host %s',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
      expect(() => parseDemoServerArgs(['--host', host])).toThrow(/loopback/);
    },
  );

  it.each([
    [['--bogus'], /Unknown option/],
    [['--port'], /--port needs a value/],
    [['--port', 'abc'], /--port must be a whole number/],
    [['--port', '70000'], /--port must be a whole number/],
    [['--latency', '-5'], /--latency must be a whole number/],
    [['--pages', '1.5'], /--pages must be a whole number/],
    [['--rate-limit', '0'], /--rate-limit must be a whole number/],
    [['--faults=yes'], /--faults takes no value/],
    [['--host', '0.0.0.0'], /loopback/],
    [['8080'], /Unknown option/],
  ])('rejects %j with one clear sentence', (argv, message) => {
    expect(() => parseDemoServerArgs(argv)).toThrow(message);
    try {
      parseDemoServerArgs(argv);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

function collector(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

describe('runDemoServerCommand', () => {
  it('--help lists every fault group, the hostile-text one too, and names no fixed key', async () => {
    const out = collector();
    expect(await runDemoServerCommand(['--help'], out.stream)).toBe(0);
    expect(out.text()).toMatch(/--faults[^]*400, 429, 502[^]*hostile text/);
    expect(out.text()).toContain('any API key except "invalid"');
    expect(out.text()).not.toContain('demo-key');
  });

  it('returns 2 with one line on stderr for bad arguments', async () => {
    const out = collector();
    const err = collector();
    expect(await runDemoServerCommand(['--port', 'x'], out.stream, err.stream)).toBe(2);
    expect(out.text()).toBe('');
    expect(err.text()).toMatch(/^pagetui demo-server: .*\n$/);
    expect(err.text().split('\n')).toHaveLength(2);
  });

  it('prints its URL, serves until SIGTERM, then closes and returns 0', async () => {
    const out = collector();
    // Keep the test runner's own SIGTERM handlers out of the way while the signal is emitted.
    const others = process.listeners('SIGTERM');
    for (const listener of others) process.off('SIGTERM', listener);
    try {
      const done = runDemoServerCommand(['--seed', '3'], out.stream);
      await waitFor(() => out.text().includes('\n'));
      const line = out.text();
      expect(line).toMatch(/^Demo server listening on http:\/\/127\.0\.0\.1:\d+ \(any API key but "invalid"\) — Ctrl-C to stop\n$/);
      expect(line).not.toContain('demo-key');
      const url = /http:\/\/\S+/.exec(line)?.[0] ?? '';
      expect((await fetch(`${url}/v0/page_groups`, { headers: { 'x-api-key': 'demo-key' } })).status).toBe(200);

      process.emit('SIGTERM');
      expect(await done).toBe(0);
      await expect(fetch(`${url}/v0/page_groups`)).rejects.toThrow();
    } finally {
      for (const listener of others) process.on('SIGTERM', listener);
    }
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error('condition not met in time');
}
