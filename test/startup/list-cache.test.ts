/**
 * The list cache on disk (src/startup/list-cache.ts): where and how it is written (modes, no key),
 * that one key never reads another's entry, that anything odd reads as no cache without a word,
 * the size cap and pruning, and `pagetui cache clear`.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createHmac } from 'node:crypto';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCache } from '../../src/cli/commands/cache-command.js';
import { MAX_ENTRIES } from '../../src/startup/list-cache-file.js';
import { openListCache, type CachedLists } from '../../src/startup/list-cache.js';
import { waitFor } from '../helpers/wait-for.js';

const BASE = 'https://pages.example.com/api';
const KEY_A = 'key-A-0123456789abcdef';
const KEY_B = 'key-B-0123456789abcdef';
const homes: string[] = [];

function freshEnv(): { XDG_CACHE_HOME: string } {
  const home = mkdtempSync(join(tmpdir(), 'pagetui-list-cache-'));
  homes.push(home);
  return { XDG_CACHE_HOME: home };
}

afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

const dirOf = (env: { XDG_CACHE_HOME: string }) => join(env.XDG_CACHE_HOME, 'pagetui', 'lists');
const entries = (env: { XDG_CACHE_HOME: string }) => readdirSync(dirOf(env)).filter((n) => n.endsWith('.json'));

const LISTS: CachedLists = {
  groups: { items: [{ pageGroupId: 'grp-1', title: 'One' }, { pageGroupId: 'grp-2', title: 'Two' }], hasMore: false, selectedId: 'grp-2' },
  group: { groupId: 'grp-2', title: 'Two', items: [{ pageId: 'p-1', name: 'Page' }], hasMore: true, selectedId: 'p-1', selectedAt: 0 },
};

function written(env: { XDG_CACHE_HOME: string }, key = KEY_A, base = BASE, lists = LISTS): string {
  openListCache(env, base, key).saveNow(lists);
  const [name] = entries(env);
  return join(dirOf(env), name ?? '');
}

describe('the list cache on disk', () => {
  it('is read back for the same base URL and key', () => {
    const env = freshEnv();
    written(env);
    expect(openListCache(env, BASE, KEY_A).initial).toEqual(LISTS);
  });

  it('keeps its folder 0700 and its files 0600', () => {
    const env = freshEnv();
    const path = written(env);
    expect(statSync(dirOf(env)).mode & 0o777).toBe(0o700);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dirOf(env), 'salt')).mode & 0o777).toBe(0o600);
  });

  it('makes every folder it creates 0700, its cache home and pagetui folder too', () => {
    const env = { XDG_CACHE_HOME: join(freshEnv().XDG_CACHE_HOME, 'made', 'here') };
    written(env);
    for (const dir of [join(env.XDG_CACHE_HOME, '..'), env.XDG_CACHE_HOME, join(env.XDG_CACHE_HOME, 'pagetui'), dirOf(env)]) {
      expect(`${dir} ${(statSync(dir).mode & 0o777).toString(8)}`).toBe(`${dir} 700`);
    }
  });

  it('leaves a pagetui folder that was there as it was, and makes its own lists folder 0700 whatever it was', () => {
    const env = freshEnv();
    mkdirSync(join(env.XDG_CACHE_HOME, 'pagetui', 'lists'), { recursive: true });
    chmodSync(join(env.XDG_CACHE_HOME, 'pagetui'), 0o750);
    chmodSync(dirOf(env), 0o755);
    written(env);
    expect(statSync(join(env.XDG_CACHE_HOME, 'pagetui')).mode & 0o777).toBe(0o750);
    expect(statSync(dirOf(env)).mode & 0o777).toBe(0o700);
  });

  it('names an entry as docs/cache.md says: the first 40 hex digits of HMAC-SHA256(salt, base URL, NUL, key)', () => {
    const env = freshEnv();
    const path = written(env);
    const salt = Buffer.from(readFileSync(join(dirOf(env), 'salt'), 'latin1'), 'hex');
    expect(salt).toHaveLength(32);
    const digest = createHmac('sha256', salt).update(`${BASE}\0${KEY_A}`).digest('hex');
    expect(basename(path)).toBe(`${digest.slice(0, 40)}.json`);
    const docs = readFileSync(new URL('../../docs/cache.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(docs).toContain('the first 40 hexadecimal digits (160 bits) of HMAC-SHA256');
    expect(docs).not.toMatch(/name is an HMAC-SHA256/);
  });

  it('follows a lists folder that is a symlink (the user put it there) without changing the mode of the folder it points to', () => {
    const env = freshEnv();
    const elsewhere = join(env.XDG_CACHE_HOME, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o755 });
    chmodSync(elsewhere, 0o755);
    mkdirSync(join(env.XDG_CACHE_HOME, 'pagetui'));
    symlinkSync(elsewhere, dirOf(env));
    written(env);
    expect(statSync(elsewhere).mode & 0o777).toBe(0o755);
    expect(readdirSync(elsewhere).filter((n) => n.endsWith('.json'))).toHaveLength(1);
    expect(openListCache(env, BASE, KEY_A).initial).toEqual(LISTS);
  });

  it('never writes the key, nor names a file after it', () => {
    const env = freshEnv();
    written(env);
    for (const name of readdirSync(dirOf(env))) {
      expect(name).not.toContain(KEY_A);
      const text = readFileSync(join(dirOf(env), name), 'latin1');
      expect(text).not.toContain(KEY_A);
      expect(text).not.toContain(KEY_A.slice(0, 8));
    }
  });

  it('shows another key nothing of this key, and keeps the two apart', () => {
    const env = freshEnv();
    written(env, KEY_A);
    expect(openListCache(env, BASE, KEY_B).initial).toEqual({});
    const other: CachedLists = { groups: { items: [{ pageGroupId: 'grp-9', title: 'B only' }], hasMore: false } };
    openListCache(env, BASE, KEY_B).saveNow(other);
    expect(entries(env)).toHaveLength(2);
    expect(openListCache(env, BASE, KEY_A).initial).toEqual(LISTS);
    expect(openListCache(env, BASE, KEY_B).initial).toEqual(other);
  });

  it('keeps services apart: the same key on another base URL (or path) reads nothing', () => {
    const env = freshEnv();
    written(env);
    expect(openListCache(env, 'https://pages.example.com/other', KEY_A).initial).toEqual({});
    expect(openListCache(env, 'https://staging.example.com/api', KEY_A).initial).toEqual({});
  });

  it('under a new salt (the folder made again) an old entry is not found', () => {
    const env = freshEnv();
    const path = written(env);
    const entry = readFileSync(path);
    rmSync(dirOf(env), { recursive: true });
    openListCache(env, BASE, KEY_B).saveNow({ groups: { items: [{ pageGroupId: 'x' }], hasMore: false } });
    writeFileSync(path, entry);
    expect(openListCache(env, BASE, KEY_A).initial).toEqual({});
  });

  it.each([
    ['garbage', () => 'not json at all \u0000\u00ff'],
    ['an empty file', () => ''],
    ['another format', (text: string) => text.replace('"pagetui-lists"', '"something-else"')],
    ['an older version', (text: string) => text.replace('"version":1', '"version":0')],
    ['a newer version', (text: string) => text.replace('"version":1', '"version":2')],
    ['another base URL inside', (text: string) => text.replace(BASE, 'https://evil.example.com')],
    ['an item without an id', (text: string) => text.replace('"pageGroupId":"grp-1",', '')],
    ['an item that is not an object', (text: string) => text.replace('{"pageGroupId":"grp-1","title":"One"}', '"grp-1"')],
    ['a selection that is not a string', (text: string) => text.replace('"selectedId":"grp-2"', '"selectedId":7')],
    ['a selected row that is not a whole number', (text: string) => text.replace('"selectedAt":0', '"selectedAt":-1.5')],
    ['hasMore missing', (text: string) => text.replace('"hasMore":false,', '')],
    ['a JSON array', () => '[]'],
  ])('reads %s as no cache, without a word', (_what, change) => {
    const env = freshEnv();
    const path = written(env);
    writeFileSync(path, change(readFileSync(path, 'utf8')));
    const stderr = vi.spyOn(process.stderr, 'write');
    expect(openListCache(env, BASE, KEY_A).initial).toEqual({});
    expect(stderr).not.toHaveBeenCalled();
    stderr.mockRestore();
  });

  it('reads a file cut short as no cache', () => {
    const env = freshEnv();
    const path = written(env);
    truncateSync(path, statSync(path).size - 7);
    expect(openListCache(env, BASE, KEY_A).initial).toEqual({});
  });

  it('never writes through a symlink in its folder: the file it points to stays as it was', () => {
    const env = freshEnv();
    const path = written(env);
    const victim = join(env.XDG_CACHE_HOME, 'victim');
    writeFileSync(victim, 'IMPORTANT DATA', { mode: 0o644 });
    rmSync(join(dirOf(env), 'salt'));
    symlinkSync(victim, join(dirOf(env), 'salt'));
    openListCache(env, BASE, KEY_A).saveNow(LISTS);
    expect(readFileSync(victim, 'utf8')).toBe('IMPORTANT DATA');
    expect(statSync(victim).mode & 0o777).toBe(0o644);

    const env2 = freshEnv();
    const path2 = written(env2);
    rmSync(path2);
    symlinkSync(victim, path2);
    openListCache(env2, BASE, KEY_A).saveNow(LISTS);
    expect(readFileSync(victim, 'utf8')).toBe('IMPORTANT DATA');

    expect(path).toBeTruthy();
  });

  it('never reads through a symlink in place of its entry or salt, nor a file others may read, without a word', () => {
    const env = freshEnv();
    const path = written(env);
    const outside = join(env.XDG_CACHE_HOME, 'outside.json');
    writeFileSync(outside, readFileSync(path), { mode: 0o644 });
    chmodSync(outside, 0o644);
    rmSync(path);
    symlinkSync(outside, path);
    const stderr = vi.spyOn(process.stderr, 'write');
    expect(openListCache(env, BASE, KEY_A).initial).toEqual({});

    // The same bytes as a file of the cache's own, but readable by others: not what the cache writes.
    rmSync(path);
    writeFileSync(path, readFileSync(outside), { mode: 0o644 });
    chmodSync(path, 0o644);
    expect(openListCache(env, BASE, KEY_A).initial).toEqual({});
    chmodSync(path, 0o600);
    expect(openListCache(env, BASE, KEY_A).initial).toEqual(LISTS);

    // A salt that is a symlink (to the very salt, even) reads as none.
    const salt = join(dirOf(env), 'salt');
    writeFileSync(join(env.XDG_CACHE_HOME, 'salt'), readFileSync(salt), { mode: 0o600 });
    rmSync(salt);
    symlinkSync(join(env.XDG_CACHE_HOME, 'salt'), salt);
    expect(openListCache(env, BASE, KEY_A).initial).toEqual({});
    expect(stderr).not.toHaveBeenCalled();
    stderr.mockRestore();
  });

  it('reads a bad salt, a folder in place of the entry, or a file too large as no cache', () => {
    const env = freshEnv();
    const path = written(env);
    writeFileSync(join(dirOf(env), 'salt'), 'zz');
    expect(openListCache(env, BASE, KEY_A).initial).toEqual({});

    const env2 = freshEnv();
    const path2 = written(env2);
    rmSync(path2);
    mkdirSync(path2);
    expect(openListCache(env2, BASE, KEY_A).initial).toEqual({});

    const env3 = freshEnv();
    const path3 = written(env3);
    writeFileSync(path3, ' '.repeat(600 * 1024) + readFileSync(path3, 'utf8'));
    expect(openListCache(env3, BASE, KEY_A).initial).toEqual({});
    expect(path).toBeTruthy();
  });

  it('keeps the first 100 rows of a list, and the newest entries only', () => {
    const env = freshEnv();
    const many = Array.from({ length: 250 }, (_, i) => ({ pageGroupId: `grp-${i}`, title: `Group ${i}` }));
    openListCache(env, BASE, KEY_A).saveNow({ groups: { items: many, hasMore: false } });
    const read = openListCache(env, BASE, KEY_A).initial.groups;
    expect(read?.items).toHaveLength(100);
    expect(read?.hasMore).toBe(true);

    for (let i = 0; i < MAX_ENTRIES + 5; i++) openListCache(env, BASE, `key-${i}`).saveNow(LISTS);
    expect(entries(env)).toHaveLength(MAX_ENTRIES);
    expect(openListCache(env, BASE, `key-${MAX_ENTRIES + 4}`).initial).toEqual(LISTS);
  });

  it('drops the group list rather than write an entry too large', () => {
    const env = freshEnv();
    const big = Array.from({ length: 100 }, (_, i) => ({ pageId: `p-${i}`, name: 'x'.repeat(6000) }));
    openListCache(env, BASE, KEY_A).saveNow({ ...LISTS, group: { groupId: 'grp-2', items: big, hasMore: true } });
    expect(openListCache(env, BASE, KEY_A).initial).toEqual({ groups: LISTS.groups });
  });

  it('never throws or says anything when it cannot write (a file where its folder should be)', async () => {
    const env = freshEnv();
    mkdirSync(join(env.XDG_CACHE_HOME, 'pagetui'), { recursive: true });
    writeFileSync(join(env.XDG_CACHE_HOME, 'pagetui', 'lists'), 'in the way');
    const stderr = vi.spyOn(process.stderr, 'write');
    const cache = openListCache(env, BASE, KEY_A);
    expect(cache.initial).toEqual({});
    expect(() => cache.saveNow(LISTS)).not.toThrow();
    expect(() => cache.save({ groups: { items: [{ pageGroupId: 'other' }], hasMore: false } })).not.toThrow();
    expect(stderr).not.toHaveBeenCalled();
    stderr.mockRestore();
  });

  it('forgets an entry when told (the key was refused): gone from disk at once, and nothing saved for it in this run', () => {
    const env = freshEnv();
    const path = written(env);
    openListCache(env, BASE, KEY_B).saveNow(LISTS);
    const other = join(dirOf(env), entries(env).find((name) => name !== basename(path)) ?? '');
    const cache = openListCache(env, BASE, KEY_A);
    expect(cache.initial).toEqual(LISTS);
    void cache.forget();
    expect(existsSync(path)).toBe(false);
    cache.saveNow(LISTS);
    cache.save(LISTS);
    expect(existsSync(path)).toBe(false);
    expect(openListCache(env, BASE, KEY_A).initial).toEqual({});
    // Another key's entry is its own.
    expect(existsSync(other)).toBe(true);
    expect(openListCache(env, BASE, KEY_B).initial).toEqual(LISTS);
  });

  it('forgets an entry whose save is still under way: the save lands, then goes', async () => {
    const env = freshEnv();
    const cache = openListCache(env, BASE, KEY_A);
    cache.save(LISTS);
    await cache.forget();
    expect(readdirSync(dirOf(env)).filter((name) => name !== 'salt')).toEqual([]);
    expect(openListCache(env, BASE, KEY_A).initial).toEqual({});
  });

  it('writes in the background too', async () => {
    const env = freshEnv();
    openListCache(env, BASE, KEY_A).save(LISTS);
    await waitFor('the entry', () => openListCache(env, BASE, KEY_A).initial.groups !== undefined);
    expect(openListCache(env, BASE, KEY_A).initial).toEqual(LISTS);
  });
});

describe('pagetui cache clear', () => {
  it('removes every entry and the salt, and says how many', async () => {
    const env = freshEnv();
    written(env, KEY_A);
    openListCache(env, BASE, KEY_B).saveNow(LISTS);
    let said = '';
    expect(await runCache(['clear'], env, { write: (text: string) => (said += text) })).toBe(0);
    expect(said).toContain('2 services and keys');
    expect(() => readdirSync(dirOf(env))).toThrow();
    expect(openListCache(env, BASE, KEY_A).initial).toEqual({});
    said = '';
    expect(await runCache(['clear'], env, { write: (text: string) => (said += text) })).toBe(0);
    expect(said).toContain('empty');
  });

  it('takes only "clear"', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await runCache([], freshEnv(), { write: () => true })).toBe(2);
    expect(await runCache(['wipe'], freshEnv(), { write: () => true })).toBe(2);
    stderr.mockRestore();
  });
});
