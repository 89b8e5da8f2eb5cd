/** `pagetui groups|pages --format`: each format through the command, against a small crafted server. */
import { createServer } from 'node:http';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runPages } from '../../src/cli/commands/list-commands.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { parseCsv } from '../helpers/rfc4180.js';
import { testIo } from './io.js';

const page = (i: number, name: string) => ({ pageId: `p${i}`, pageGroupId: 'g', effectiveName: name });
const FIRST = [page(1, '=cmd|" /C calc"!A0'), page(2, 'plain, with "quotes"')];
const SECOND = [page(3, '@SUM(1)\tx'), page(4, 'last')];

const base = onLoopback(
  createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const group = /^\/v0\/page_groups\/([^/]+)\/pages$/.exec(url.pathname)?.[1];
    const cursor = url.searchParams.get('cursor');
    res.setHeader('content-type', 'application/json');
    if (group === 'broken' && cursor !== null) {
      res.writeHead(500).end(JSON.stringify({ code: 'BOOM', message: 'down', requestId: 'r1' }));
      return;
    }
    const body = cursor === null ? { hasMore: true, nextCursor: 'c2', items: FIRST } : { hasMore: false, items: SECOND };
    res.end(JSON.stringify(body));
  }),
);

const run = async (flags: string[], stdout?: Writable) => {
  const t = testIo({ PAGETUI_API_KEY: 'k', PAGETUI_BASE_URL: base() }, stdout === undefined ? {} : { stdout });
  const code = await runPages(flags, t.io);
  return { code, out: t.stdout.text, err: t.stderr.text };
};

describe('--format', () => {
  it('csv: one header, then every page across requests, formulas guarded', async () => {
    const r = await run(['g', '--format', 'csv']);
    expect(r.code).toBe(0);
    const records = parseCsv(r.out);
    expect(records.map((rec) => rec[0])).toEqual(['pageId', 'p1', 'p2', 'p3', 'p4']);
    expect(records.map((rec) => rec[5]).slice(1)).toEqual(['\'=cmd|" /C calc"!A0', 'plain, with "quotes"', "'@SUM(1)\tx", 'last']);
  });

  it('tsv: a header and a line per page', async () => {
    const r = await run(['g', '--format', 'TSV']);
    expect(r.out.split('\n').slice(0, -1).map((line) => line.split('\t')[5])).toEqual(['effectiveName', "'=cmd|\" /C calc\"!A0", 'plain, with "quotes"', "'@SUM(1)\\tx", 'last']);
  });

  it('json: one array of every page; --max closes it too', async () => {
    expect(JSON.parse((await run(['g', '--format', 'json'])).out)).toEqual([...FIRST, ...SECOND]);
    expect(JSON.parse((await run(['g', '--format', 'json', '--max', '3'])).out)).toEqual([...FIRST, SECOND[0]]);
  });

  it('json: a listing that fails is not closed, so it cannot pass for a complete one', async () => {
    const r = await run(['broken', '--format', 'json']);
    expect(r.code).toBe(5);
    expect(() => JSON.parse(r.out)).toThrow();
    expect(r.out.startsWith('[\n')).toBe(true);
  });

  it('ndjson is --json', async () => {
    const a = await run(['g', '--format', 'ndjson']);
    expect(a.out).toBe((await run(['g', '--json'])).out);
    expect(a.out.trim().split('\n')).toHaveLength(4);
  });

  it('an unknown format, or --json with another, is a usage error before any request', async () => {
    expect(await run(['g', '--format', 'xlsx'])).toMatchObject({ code: 2, out: '', err: expect.stringContaining('--format takes ndjson, json, csv, tsv, not "xlsx"') });
    expect(await run(['g', '--json', '--format', 'csv'])).toMatchObject({ code: 2, err: expect.stringContaining('--json means --format ndjson') });
  });

  it('a write that fails (disk full) fails the run with exit 7', async () => {
    const full = new Writable({
      write(_chunk, _enc, done) {
        done(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
      },
    });
    const r = await run(['g', '--format', 'csv'], full);
    expect(r.code).toBe(7);
    expect(r.err).toContain('could not write standard output: disk full');
  });
});
