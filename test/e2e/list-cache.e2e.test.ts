/**
 * The last session's rows at start (docs/cache.md), through the built app in a pty against a small
 * server of the test's own that answers only when the test lets it: the cached rows are on screen,
 * marked "cached", before the server has answered, on the row selected last time; the answer
 * replaces them in place and the selection follows its item to its new row. Another key sees
 * nothing of them, and --no-cache and "cache": false turn them off.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { entryName } from '../../src/startup/list-cache-file.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { PtyApp } from '../helpers/pty-app.js';

type Item = Record<string, unknown>;
const group = (id: string, title: string): Item => ({ pageGroupId: id, title, slug: id, status: 'published', updatedAt: '2024-05-01T10:00:00Z' });
const page = (id: string, name: string): Item => ({ pageId: id, effectiveName: name, updatedAt: '2024-05-01T10:00:00Z' });

const data: { groups: Item[]; pages: Item[] } = { groups: [], pages: [] };
const held: (() => void)[] = [];
const served: string[] = [];
/** Keys the service refuses (401), as if revoked since the last session. */
const revoked = new Set<string>();
/** Groups the service no longer knows (404 for their pages). */
const deleted = new Set<string>();
let holding = false;

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const key = req.headers['x-api-key'] as string;
  served.push(`${key} ${path}`);
  const answer = () => {
    if (revoked.has(key)) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'UNAUTHORIZED', message: 'A valid API key is required.', requestId: 'req-1' }));
      return;
    }
    const groupId = /\/page_groups\/([^/]+)\/pages$/.exec(path)?.[1];
    if (groupId !== undefined && deleted.has(groupId)) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'NOT_FOUND', message: 'Page group not found.', requestId: 'req-2' }));
      return;
    }
    const items = path.endsWith('/pages') ? data.pages : data.groups;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ items, hasMore: false }));
  };
  if (holding) held.push(answer);
  else answer();
});
const base = onLoopback(server);
const cacheHome = mkdtempSync(join(tmpdir(), 'pagetui-cache-e2e-'));
const apps: PtyApp[] = [];

/** Answers what waits; what comes later still waits. */
function answerHeld(): void {
  for (const answer of held.splice(0)) answer();
}

/** Answers what waits, and from now on at once. */
function release(): void {
  holding = false;
  for (const answer of held.splice(0)) answer();
}

afterEach(() => {
  for (const app of apps.splice(0)) app.kill();
  release();
  revoked.clear();
  deleted.clear();
});
afterAll(() => rmSync(cacheHome, { recursive: true, force: true }));

function launch(key: string, args: readonly string[] = [], env: Record<string, string> = {}, cols = 100): PtyApp {
  const app = new PtyApp(['--base-url', base(), ...args], {
    cols,
    rows: 20,
    env: { PAGETUI_API_KEY: key, PAGETUI_CACHE: undefined, XDG_CACHE_HOME: cacheHome, ...env },
  });
  apps.push(app);
  return app;
}

const selected = (app: PtyApp, text: string) => app.rowOf(text) >= 0 && app.isHighlighted(app.rowOf(text));

async function quit(app: PtyApp): Promise<void> {
  app.write('q');
  expect((await app.waitForExit()).exitCode).toBe(0);
}

/** Starts with `key` while the server holds its answers: it asks, and no cached rows are on screen meanwhile. */
async function launchShowingNoCachedRows(key: string): Promise<PtyApp> {
  holding = true;
  const before = served.length;
  const app = launch(key);
  await app.waitFor(() => served.slice(before).some((line) => line.startsWith(`${key} `)) && app.screen().includes('pagetui'));
  await app.waitFor(/Loading|loading/);
  expect(app.screen()).not.toContain('Gamma');
  expect(app.screen()).not.toContain('cached');
  return app;
}

/** A first run that saw the lists and left with `Gamma` selected (and, inside it, `Page two`). */
async function firstRun(key: string, openGroup = false): Promise<void> {
  data.groups = [group('g-a', 'Alpha'), group('g-b', 'Beta'), group('g-c', 'Gamma'), group('g-d', 'Delta')];
  data.pages = [page('p-1', 'Page one'), page('p-2', 'Page two')];
  const app = launch(key);
  await app.waitFor('Delta');
  app.write('jj');
  await app.waitFor(() => selected(app, 'Gamma'));
  if (openGroup) {
    app.write('\r');
    await app.waitFor('Page two');
    app.write('j');
    await app.waitFor(() => selected(app, 'Page two'));
  }
  await quit(app);
}

describe('rows from the last session', () => {
  it('are on screen before the server answers, marked cached, then replaced in place with the selection kept by id', async () => {
    await firstRun('key-one');
    const dir = join(cacheHome, 'pagetui', 'lists');
    expect(readdirSync(dir).some((name) => name.endsWith('.json'))).toBe(true);

    // The service changed meanwhile: a new group first, titles renamed.
    data.groups = [group('g-new', 'Newcomer'), group('g-a', 'Alpha 2'), group('g-b', 'Beta 2'), group('g-c', 'Gamma 2'), group('g-d', 'Delta 2')];
    holding = true;
    const app = launch('key-one');
    await app.waitFor(() => /cached . refreshing/.test(app.screen()) && app.screen().includes('Delta'));
    expect(held.length).toBeGreaterThan(0);
    expect(app.screen()).not.toContain('Newcomer');
    expect(selected(app, 'Gamma')).toBe(true);
    // The cache kept all four and knew there were no more: the header says what is known.
    expect(app.lines()[0] ?? '').toContain('[4]');

    release();
    await app.waitFor(() => app.screen().includes('Newcomer') && !app.screen().includes('cached'));
    expect(selected(app, 'Gamma 2')).toBe(true);
    expect(app.rowOf('Gamma 2')).toBe(app.rowOf('Newcomer') + 3);
    await quit(app);
  });

  it('of the group opened last are shown when it is opened again, before its pages arrive', async () => {
    await firstRun('key-two', true);
    data.pages = [page('p-0', 'Page zero'), page('p-1', 'Page one'), page('p-2', 'Page two')];
    holding = true;
    const app = launch('key-two');
    await app.waitFor(() => selected(app, 'Gamma'));
    app.write('\r');
    await app.waitFor(() => app.screen().includes('Page two') && app.screen().includes('cached'));
    expect(selected(app, 'Page two')).toBe(true);
    expect(app.screen()).not.toContain('Page zero');
    expect(app.lines()[0] ?? '').toContain('[2]');
    release();
    await app.waitFor(() => app.screen().includes('Page zero') && !app.screen().includes('cached'));
    expect(selected(app, 'Page two')).toBe(true);
    await quit(app);
  });

  it('keep their mark in a narrow terminal (40 columns)', async () => {
    await firstRun('key-narrow');
    holding = true;
    const app = launch('key-narrow', [], {}, 40);
    await app.waitFor(() => app.screen().includes('Delta'));
    expect(app.lines()[0] ?? '').toContain('cached');
    expect(app.lines()[0] ?? '').toContain('[4]');
    release();
    await app.waitFor(() => !(app.lines()[0] ?? '').includes('cached'));
    expect(app.lines()[0] ?? '').toContain('[4]');
    await quit(app);
  });

  it('are never shown to another key', async () => {
    await firstRun('key-three');
    const app = await launchShowingNoCachedRows('key-four');
    release();
    await app.waitFor('Delta');
    await quit(app);
  });

  it('go for good once the service refuses the key: not shown again on Esc, removed from disk, not shown at the next start', async () => {
    await firstRun('key-revoked', true);
    const dir = join(cacheHome, 'pagetui', 'lists');
    const entry = join(dir, entryName(Buffer.from(readFileSync(join(dir, 'salt'), 'latin1'), 'hex'), base(), 'key-revoked'));
    expect(existsSync(entry)).toBe(true);
    revoked.add('key-revoked');
    holding = true;
    const launchedAt = served.length;
    const app = launch('key-revoked');
    await app.waitFor(() => selected(app, 'Gamma') && app.screen().includes('cached'));
    app.write('\r');
    await app.waitFor(() => app.screen().includes('Page two') && app.screen().includes('cached'));
    await app.waitFor(() => served.slice(launchedAt).some((line) => line.endsWith('/pages')));
    answerHeld();
    await app.waitFor('rejected');
    expect(app.screen()).not.toContain('Page two');
    // Back on the group list, whose own request is still waiting: no cached rows there either.
    app.write('\x1b');
    await app.waitFor(() => !app.screen().includes('Page two') && /ID\s+TITLE/.test(app.screen()));
    expect(app.screen()).not.toContain('Gamma');
    expect(app.screen()).not.toContain('cached');
    expect(existsSync(entry)).toBe(false);
    release();
    await quit(app);
    expect(existsSync(entry)).toBe(false);

    const again = await launchShowingNoCachedRows('key-revoked');
    release();
    await again.waitFor('rejected');
    await quit(again);
  });

  it('of a group the service no longer knows go at once and are not kept', async () => {
    await firstRun('key-deleted', true);
    const dir = join(cacheHome, 'pagetui', 'lists');
    const entry = join(dir, entryName(Buffer.from(readFileSync(join(dir, 'salt'), 'latin1'), 'hex'), base(), 'key-deleted'));
    const kept = () => JSON.parse(readFileSync(entry, 'utf8')) as { groups?: { items: Item[] }; group?: { groupId: string } };
    expect(kept().group?.groupId).toBe('g-c');
    deleted.add('g-c');
    const app = launch('key-deleted', ['open', 'g-c']);
    await app.waitFor('NOT_FOUND');
    expect(app.screen()).not.toContain('Page two');
    await quit(app);
    expect(kept().group).toBeUndefined();
    expect(kept().groups?.items).toHaveLength(4);
  });

  it.each([
    ['--no-cache', ['--no-cache'], false, {}],
    ['"cache": false', [], true, {}],
    ['PAGETUI_CACHE=0', [], false, { PAGETUI_CACHE: '0' }],
    ['PAGETUI_CACHE=false', [], false, { PAGETUI_CACHE: 'false' }],
    ['PAGETUI_CACHE=No', [], false, { PAGETUI_CACHE: 'No' }],
  ])('are not shown with %s', async (what, args, inConfig, cacheEnv) => {
    const key = `key-five ${what}`.replace(/[^a-zA-Z0-9-]/g, '-');
    await firstRun(key);
    let env: Record<string, string> = { ...cacheEnv };
    if (inConfig) {
      const configHome = mkdtempSync(join(tmpdir(), 'pagetui-cache-config-'));
      mkdirSync(join(configHome, 'pagetui'));
      writeFileSync(join(configHome, 'pagetui', 'config.json'), JSON.stringify({ cache: false }));
      env = { XDG_CONFIG_HOME: configHome };
    }
    holding = true;
    const app = launch(key, args, env);
    await app.waitFor(() => served.filter((line) => line.startsWith(`${key} `)).length >= 2 && /Loading|loading/.test(app.screen()));
    expect(app.screen()).not.toContain('Gamma');
    expect(app.screen()).not.toContain('cached');
    release();
    await app.waitFor('Delta');
    await quit(app);
    expect(existsSync(cacheHome)).toBe(true);
  });

  it('are not shown with a PAGETUI_CACHE not understood, which the status bar says', async () => {
    await firstRun('key-six');
    holding = true;
    const app = launch('key-six', [], { PAGETUI_CACHE: 'disabled' }, 140);
    await app.waitFor('PAGETUI_CACHE="disabled" not understood: the cache is off for this run');
    expect(app.screen()).not.toContain('Gamma');
    expect(app.screen()).not.toContain('cached');
    release();
    await app.waitFor('Delta');
    await quit(app);
  });
});
