/** `--log FILE`: what the debug log holds, and what it refuses; against a small crafted server. */
import { createServer } from 'node:http';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPages } from '../../src/cli/commands/list-commands.js';
import { debugLogPath } from '../../src/cli/debug-log/debug-log.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { testIo } from '../cli-list/io.js';

const KEY = 'sk-live-0123456789abcdef';
let dir: string;
let hits = 0;

const base = onLoopback(
  createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const echoed = String(req.headers['x-api-key']);
    hits++;
    // A server that echoes the key: in a header, in an error body, cut short in a cursor.
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-request-id', `req-${echoed}`);
    if (url.pathname.endsWith('/limited/pages') && hits % 2 === 1) {
      res.writeHead(429, { 'retry-after': '0' }).end(JSON.stringify({ code: 'RATE_LIMITED', message: `slow down ${echoed}`, requestId: 'r429' }));
      return;
    }
    if (url.pathname.endsWith('/broken/pages')) {
      res.writeHead(500).end(JSON.stringify({ code: 'BOOM', message: `your key ${echoed} \u001b[31m`, requestId: echoed }));
      return;
    }
    const cursor = url.searchParams.get('cursor');
    res.end(JSON.stringify(cursor === null ? { hasMore: true, nextCursor: echoed.slice(0, 12), items: [{ pageId: 'a' }] } : { hasMore: false, items: [{ pageId: 'b' }] }));
  }),
);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-log-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = async (args: string[], env: Record<string, string> = {}) => {
  const t = testIo({ PAGETUI_API_KEY: KEY, PAGETUI_BASE_URL: base(), ...env });
  const code = await runPages(args, t.io);
  return { code, err: t.stderr.text, out: t.stdout.text };
};

describe('the debug log', () => {
  it('is 0600 and holds each request (method, path, status, time), retries and errors, never the key', async () => {
    const file = join(dir, 'run.log');
    expect((await run(['g', '--json', '--log', file])).code).toBe(0);
    expect((await run(['limited', '--json', '--log', file])).code).toBe(0);
    expect((await run(['broken', '--json', '--log', file])).code).toBe(5);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^\S+Z start pagetui pid \d+/);
    expect(text).toMatch(/Z request GET \/v0\/page_groups\/g\/pages\?limit=100 → 200 in \d+ ms, \d+ bytes/);
    expect(text).toMatch(/Z request GET \/v0\/page_groups\/g\/pages\?cursor=••••&limit=100 → 200/);
    expect(text).toMatch(/Z retry rate limited; Retry-After: 0/);
    expect(text).toMatch(/Z request GET \/v0\/page_groups\/broken\/pages\?limit=100 → 500/);
    expect(text).toMatch(/Z say error BOOM/);
    expect(text).toMatch(/Z exit code 5/);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(KEY.slice(0, 12));
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it('holds the config\'s problems as config check lists them: FILE line N, in the file\'s order, the keymap\'s too', async () => {
    const xdg = mkdtempSync(join(dir, 'xdg-'));
    mkdirSync(join(xdg, 'pagetui'));
    const config = join(xdg, 'pagetui', 'config.json');
    writeFileSync(config, ['{', '  "theme": "blue",', '  "keys": { "help": "j", "moveDown": "x", "sort": "x" },', '  "them": 1', '}', ''].join('\n'));
    const file = join(dir, 'config.log');
    const r = await run(['g', '--json', '--log', file], { XDG_CONFIG_HOME: xdg });
    expect(r.code).toBe(0);
    const problems = r.err.split('\n').filter((line) => line.startsWith(`pagetui: warning: ${config} line `)).map((line) => line.slice('pagetui: warning: '.length));
    expect(problems.map((line) => /line (\d+): /.exec(line)?.[1])).toEqual(['2', '3', '3', '4']);
    const logged = readFileSync(file, 'utf8').split('\n').filter((line) => / (config|keymap) /.test(line)).map((line) => line.replace(/^\S+Z /, ''));
    expect(logged).toEqual(problems.map((line) => `config ${line}`));
  });

  it('comes from --log, else PAGETUI_LOG, else "log" in the config; empty means off', () => {
    expect(debugLogPath('a', { PAGETUI_LOG: 'b' }, 'c')).toBe('a');
    expect(debugLogPath(undefined, { PAGETUI_LOG: 'b' }, 'c')).toBe('b');
    expect(debugLogPath(undefined, {}, 'c')).toBe('c');
    expect(debugLogPath(undefined, { PAGETUI_LOG: '' }, 'c')).toBeUndefined();
    expect(debugLogPath(undefined, {}, undefined)).toBeUndefined();
  });

  it('refuses a symlink (its target untouched) and says so; the run goes on', async () => {
    const target = join(dir, 'target.txt');
    writeFileSync(target, 'precious\n');
    const link = join(dir, 'link.log');
    symlinkSync(target, link);
    const r = await run(['g', '--json'], { PAGETUI_LOG: link });
    expect(r.code).toBe(0);
    expect(r.err).toContain(`warning: cannot write the debug log ${link}: it is a symbolic link; the run goes on without it`);
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
  });

  it('makes an existing wider file 0600', async () => {
    const file = join(dir, 'wide.log');
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    await run(['g', '--json', '--log', file]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(file)).toBe(true);
  });
});
