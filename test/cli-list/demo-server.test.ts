/** runGroups / runPages against the real demo server (with its fault groups), through an injected io. */
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES, LIST_HELP, runGroups, runPages } from '../../src/cli/commands/list-commands.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { displayWidth } from '../../src/text/index.js';
import { testIo } from './io.js';

let server: DemoServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startDemoServer({ faults: true });
  env = { PAGETUI_API_KEY: server.apiKey, PAGETUI_BASE_URL: server.url };
});
afterAll(async () => {
  await server.close();
});

describe('pagetui pages/groups against the demo server', () => {
  it('lists every item of a multi-page listing exactly once, in server order', async () => {
    const t = testIo(env);
    const before = server.requests.length;
    const code = await runPages(['grp-1', '--json', '--limit', '97'], t.io);
    expect(code).toBe(0);
    expect(t.stderr.text).toBe('');
    const items = t.stdout.lines().map((l) => JSON.parse(l) as { pageId: string });
    expect(items).toHaveLength(10_000);
    expect(new Set(items.map((i) => i.pageId)).size).toBe(10_000);
    expect(items[0]?.pageId).toBe('grp-1-p1');
    expect(items[9_999]?.pageId).toBe('grp-1-p10000');
    const made = server.requests.slice(before);
    expect(made).toHaveLength(Math.ceil(10_000 / 97));
    expect(made.every((r) => r.query.limit === '97')).toBe(true);
    // One keep-alive connection for the whole listing.
    expect(new Set(made.map((r) => r.socketId)).size).toBe(1);
  });

  it('writes the raw item objects the server sent', async () => {
    const t = testIo(env);
    expect(await runPages(['grp-3', '--json', '--max', '3'], t.io)).toBe(0);
    const res = await fetch(`${server.url}/v0/page_groups/grp-3/pages?limit=3`, { headers: { 'x-api-key': server.apiKey } });
    const body = (await res.json()) as { items: unknown[] };
    expect(t.stdout.lines().map((l) => JSON.parse(l) as unknown)).toEqual(body.items);
  });

  it('hostile-text fault group: no raw control character in NDJSON or the table, values unchanged', async () => {
    const json = testIo(env);
    expect(await runPages(['fault-hostile-text', '--json'], json.io)).toBe(0);
    const res = await fetch(`${server.url}/v0/page_groups/fault-hostile-text/pages?limit=100`, { headers: { 'x-api-key': server.apiKey } });
    const body = (await res.json()) as { items: unknown[] };
    expect(json.stdout.text.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(json.stdout.lines().map((l) => JSON.parse(l) as unknown)).toEqual(body.items);
    const table = testIo(env);
    expect(await runPages(['fault-hostile-text'], table.io)).toBe(0);
    expect(table.stdout.text.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(table.stdout.lines()).toHaveLength(body.items.length + 1);
  });

  it('--max stops after N items and makes no further request', async () => {
    const t = testIo(env);
    const before = server.requests.length;
    expect(await runPages(['grp-1', '--json', '--max', '250'], t.io)).toBe(0);
    expect(t.stdout.lines()).toHaveLength(250);
    const made = server.requests.slice(before);
    expect(made.map((r) => r.query.limit)).toEqual(['100', '100', '50']);
  });

  it('uses 100 items a request by default', async () => {
    const t = testIo(env);
    const before = server.requests.length;
    expect(await runGroups(['--json'], t.io)).toBe(0);
    const lines = t.stdout.lines();
    expect(lines.length).toBeGreaterThan(30);
    expect(server.requests.slice(before).map((r) => r.query.limit)).toEqual(['100']);
  });

  it.each(['0', '101', '1.5', 'x'])('--limit %s: exit 2, one line, no request', async (value) => {
    const t = testIo(env);
    const before = server.requests.length;
    expect(await runPages(['grp-1', '--limit', value], t.io)).toBe(2);
    expect(t.stderr.lines()).toHaveLength(1);
    expect(t.stderr.text).toMatch(/--limit must be a whole number from 1 to 100/);
    expect(t.stdout.text).toBe('');
    expect(server.requests.length).toBe(before);
  });

  it('bad --max or unknown flag: exit 2, no request', async () => {
    const before = server.requests.length;
    for (const argv of [['--max', '0'], ['--max', 'x'], ['--nope']]) {
      const t = testIo(env);
      expect(await runGroups(argv, t.io)).toBe(2);
      expect(t.stderr.lines()).toHaveLength(1);
    }
    expect(server.requests.length).toBe(before);
  });

  it('validation fault: exit 5, one line with code and requestId, nothing on stdout', async () => {
    const t = testIo(env);
    expect(await runPages(['fault-validation', '--json'], t.io)).toBe(5);
    expect(t.stdout.text).toBe('');
    expect(t.stderr.lines()).toHaveLength(1);
    expect(t.stderr.text).toMatch(/VALIDATION_ERROR/);
    expect(t.stderr.text).toMatch(/requestId: req-\d+/);
    expect(t.stderr.text).toMatch(/page_group_id/);
  });

  it('502 HTML fault: exit 5 with a short, clean message', async () => {
    const t = testIo(env);
    expect(await runPages(['fault-bad-gateway'], t.io)).toBe(5);
    expect(t.stdout.text).toBe('');
    expect(t.stderr.lines()).toHaveLength(1);
    expect(t.stderr.text).toMatch(/HTTP 502 Bad Gateway/);
    expect(t.stderr.text).not.toMatch(/<html>/);
  });

  it('unknown page group: exit 5 NOT_FOUND', async () => {
    const t = testIo(env);
    expect(await runPages(['no-such-group'], t.io)).toBe(5);
    expect(t.stderr.text).toMatch(/NOT_FOUND.*requestId: req-/);
  });

  it('429 fault: waits the stated time, says so on stderr, then completes', async () => {
    const t = testIo(env);
    const started = Date.now();
    expect(await runPages(['fault-rate-limit', '--json'], t.io)).toBe(0);
    const waited = Date.now() - started;
    expect(t.stderr.text).toMatch(/rate limited \(HTTP 429.*\); waiting 5s before retrying \(1 of 5\)/);
    expect(t.stdout.lines()).toHaveLength(30);
    // Never before the server's time (5 s, minus rounding of the header's whole seconds).
    expect(waited).toBeGreaterThanOrEqual(4_000);
  }, 20_000);

  it('rejected key: exit 3', async () => {
    const t = testIo({ ...env, PAGETUI_API_KEY: 'invalid' });
    expect(await runGroups(['--json'], t.io)).toBe(3);
    expect(t.stderr.text).toMatch(/UNAUTHORIZED.*requestId: req-/);
    expect(t.stdout.text).toBe('');
    // The variable was set: the line says that key was rejected instead of asking to set it.
    expect(t.stderr.text).toContain('the key from PAGETUI_API_KEY was rejected');
    expect(t.stderr.text).not.toContain('set PAGETUI_API_KEY or run');
  });

  it('no base URL or a bad one: exit 2', async () => {
    const none = testIo({ PAGETUI_API_KEY: 'k' });
    expect(await runGroups([], none.io)).toBe(2);
    expect(none.stderr.text).toMatch(/No base URL/);
    const insecure = testIo({ PAGETUI_API_KEY: 'k' });
    expect(await runGroups(['--base-url', 'http://example.com'], insecure.io)).toBe(2);
    expect(insecure.stderr.text).toMatch(/allow-insecure-http/);
  });

  it('connection refused: exit 6', async () => {
    const port = await freePort();
    const t = testIo({ PAGETUI_API_KEY: 'k' });
    expect(await runGroups(['--base-url', `http://127.0.0.1:${port}`], t.io)).toBe(6);
    expect(t.stderr.text).toMatch(/CONNECTION_REFUSED/);
  });

  it('table output fits the given width, one header and one row per item', async () => {
    const t = testIo(env, { isTTY: true, columns: 60 });
    expect(await runPages(['grp-3', '--max', '40'], t.io)).toBe(0);
    const lines = t.stdout.lines();
    expect(lines[0]).toMatch(/^ID\s+NAME\s+UPDATED$/);
    expect(lines).toHaveLength(41);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(60);
  });

  it('piped table output is 80 columns wide at most', async () => {
    const t = testIo(env);
    expect(await runGroups([], t.io)).toBe(0);
    for (const l of t.stdout.lines()) expect(displayWidth(l)).toBeLessThanOrEqual(80);
  });

  it('an empty listing prints only the table header', async () => {
    const t = testIo(env);
    expect(await runPages(['grp-2'], t.io)).toBe(0);
    expect(t.stdout.lines()).toHaveLength(1);
    const json = testIo(env);
    expect(await runPages(['grp-2', '--json'], json.io)).toBe(0);
    expect(json.stdout.text).toBe('');
  });

  it('waits for a full stdout to drain before fetching more', async () => {
    const pending: (() => void)[] = [];
    let open = false;
    const slow = new Writable({
      highWaterMark: 1024,
      write(_chunk, _enc, done) {
        if (open) done();
        else pending.push(() => done());
      },
    });
    const t = testIo(env, { stdout: slow });
    const before = server.requests.length;
    const run = runPages(['grp-1', '--json', '--max', '1000'], t.io);
    await new Promise((r) => setTimeout(r, 300));
    // The first page, and the one read ahead while it is written: no more while stdout is full.
    expect(server.requests.length - before).toBe(2);
    open = true;
    for (const done of pending.splice(0)) done();
    expect(await run).toBe(0);
    expect(server.requests.length - before).toBe(10);
  });

  it('--demo starts its own server', async () => {
    const t = testIo({});
    expect(await runPages(['grp-1', '--demo', '--json', '--max', '5'], t.io)).toBe(0);
    expect(t.stdout.lines().map((l) => (JSON.parse(l) as { pageId: string }).pageId)).toEqual([
      'grp-1-p1',
      'grp-1-p2',
      'grp-1-p3',
      'grp-1-p4',
      'grp-1-p5',
    ]);
  });

  it('documents flags and exit codes in the help', () => {
    for (const text of [LIST_HELP.groups, LIST_HELP.pages]) {
      for (const flag of ['--json', '--format', '--limit', '--max', '--demo', '--base-url', '--profile']) expect(text).toContain(flag);
      for (const e of EXIT_CODES) expect(text).toContain(`  ${e.code}  ${e.meaning}`);
    }
    expect(EXIT_CODES.map((e) => e.code)).toEqual([0, 2, 3, 4, 5, 6, 7, 8]);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}
