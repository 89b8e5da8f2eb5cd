/**
 * A gzip bomb: about 1 MB on the wire that expands to 1 GiB. The client must stop at its 8 MiB
 * cap with a typed error (how quickly, and how far memory rises: `node bench/limits.mjs`); a
 * listing keeps the rows it had and resumes from the failed cursor; the command prints one line.
 */
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, DEFAULT_MAX_RESPONSE_BYTES } from '../../src/api/index.js';
import { runPages } from '../../src/cli/commands/list-commands.js';
import { testIo } from '../cli-list/io.js';
import { at, cursorAt, HostileServer, makePages, pagesPath, type Reply } from './helpers/hostile-server.js';
import { API_KEY, duplicatesIn, startRun } from './helpers/pager-run.js';

const EXPANDED = 1024 * 1024 * 1024;
let bomb: Buffer;
let server: HostileServer;

/** Streams 1 GiB of zeros through gzip; the result is about 1 MB. */
async function makeBomb(): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const parts: Buffer[] = [];
  gzip.on('data', (c: Buffer) => parts.push(c));
  const ended = new Promise((resolve) => gzip.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < EXPANDED; written += zeros.length) {
    if (!gzip.write(zeros)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  gzip.end();
  await ended;
  return Buffer.concat(parts);
}

const bombReply = (): Reply => ({ kind: 'text', status: 200, body: bomb, contentType: 'application/json', headers: { 'content-encoding': 'gzip' }, chunked: true });

beforeAll(async () => {
  bomb = await makeBomb();
  server = await HostileServer.start({ pageSize: 10 });
}, 60_000);
afterAll(async () => {
  await server.close();
});

describe('a gzip bomb', () => {
  it('is about 1 MB that expands to 1 GiB', () => {
    expect(bomb.length).toBeGreaterThan(900_000);
    expect(bomb.length).toBeLessThan(1_200_000);
  });

  it('stops at the decoded cap with a typed error', async () => {
    server.pages.set('bomb', makePages('b-', 5));
    server.inject(at(pagesPath('bomb')), bombReply());
    const client = createApiClient({ baseUrl: new URL(server.url), getApiKey: () => API_KEY });
    try {
      const err = await client.listPages('bomb').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ kind: 'bad-response', code: 'RESPONSE_TOO_LARGE', status: 200 });
      expect((err as Error).message).toBe("The server's response is larger than 8 MiB.");
      expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(8 * 1024 * 1024);
      // The same client goes on working (the cut connection is replaced).
      expect((await client.listPages('bomb')).items).toHaveLength(5);
    } finally {
      await client.close();
    }
  });

  it('mid-listing: the rows already loaded stay and a retry resumes from the failed cursor', async () => {
    const id = 'bomb-listing';
    const path = pagesPath(id);
    const all = makePages(`${id}-p`, 30);
    server.pages.set(id, all);
    server.inject(at(path, cursorAt(10)), bombReply());
    const run = startRun(server, id, { headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000 });
    try {
      const failed = await run.settle();
      expect(failed.state).toBe('error');
      expect(failed.error).toMatchObject({ kind: 'bad-response', code: 'RESPONSE_TOO_LARGE' });
      expect(run.ids()).toEqual(all.slice(0, 10).map((i) => String(i.pageId)));
      run.pager.retry();
      const done = await run.settle(['done', 'error']);
      expect(done.state).toBe('done');
      expect(run.ids()).toEqual(all.map((i) => String(i.pageId)));
      expect(server.requestsFor(path).map((r) => r.cursor)).toEqual([undefined, 'c10', 'c10', 'c20']);
      expect(duplicatesIn(server.succeededCursors(path))).toEqual([]);
    } finally {
      await run.close();
    }
  });

  it('pages --json prints the rows before it and one line naming the cap', async () => {
    const id = 'bomb-cli';
    const path = pagesPath(id);
    server.pages.set(id, makePages(`${id}-p`, 30));
    server.inject(at(path, cursorAt(10)), bombReply());
    const t = testIo({ PAGETUI_API_KEY: API_KEY, PAGETUI_BASE_URL: server.url });
    const code = await runPages([id, '--json'], t.io);
    expect(code).not.toBe(0);
    expect(t.stdout.lines().map((l) => (JSON.parse(l) as { pageId: string }).pageId)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${id}-p${i}`),
    );
    const lines = t.stderr.lines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/larger than 8 MiB/);
  });
});
