/** A FIFO where the list cache keeps its salt or an entry: passed over, never opened (opening one waits for the other end). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openListCache, type CachedLists } from '../../src/startup/list-cache.js';

const BASE = 'https://pages.example.com/api';
const KEY = 'key-A-0123456789abcdef';
const LISTS: CachedLists = { groups: { items: [{ pageGroupId: 'g-1', title: 'One' }], hasMore: false, selectedId: 'g-1' } };
const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

describe('the list cache beside a FIFO', () => {
  it('neither reads nor writes one, and never waits on it', () => {
    const home = mkdtempSync(join(tmpdir(), 'pagetui-list-cache-fifo-'));
    homes.push(home);
    const env = { XDG_CACHE_HOME: home };
    const dir = join(home, 'pagetui', 'lists');
    openListCache(env, BASE, KEY).saveNow(LISTS);
    const [entry] = readdirSync(dir).filter((n) => n.endsWith('.json'));
    const entryPath = join(dir, entry ?? '');
    rmSync(entryPath);
    execFileSync('mkfifo', [entryPath]);
    expect(openListCache(env, BASE, KEY).initial).toEqual({});
    openListCache(env, BASE, KEY).saveNow(LISTS);
    expect(statSync(entryPath).isFIFO()).toBe(true);

    rmSync(join(dir, 'salt'));
    execFileSync('mkfifo', [join(dir, 'salt')]);
    const cache = openListCache(env, BASE, KEY);
    expect(cache.initial).toEqual({});
    cache.saveNow(LISTS);
    expect(statSync(join(dir, 'salt')).isFIFO()).toBe(true);
  });
});
