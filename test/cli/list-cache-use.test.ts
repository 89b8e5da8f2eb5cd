/** The list cache as the app starts it: it carries when the rows were saved, which the cached-rows notices say. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { listPager } from '../../src/api/pager/list-pager.js';
import { startListCache } from '../../src/cli/list-cache-use.js';
import { openListCache } from '../../src/startup/list-cache.js';

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

it('passes on the time the rows were saved', () => {
  const home = mkdtempSync(join(tmpdir(), 'pagetui-cache-use-'));
  homes.push(home);
  const env = { XDG_CACHE_HOME: home };
  const base = 'https://pages.example.com';
  openListCache(env, base, 'key-0123456789abcdef').saveNow({ groups: { items: [{ pageGroupId: 'grp-1', title: 'One' }], hasMore: false } });
  const client = { listPageGroups: () => new Promise<never>(() => {}), listPages: () => new Promise<never>(() => {}) };
  const started = startListCache({ args: {}, config: {}, env, baseUrl: base, key: { get: () => 'key-0123456789abcdef' }, groupsPager: listPager(client, 'groups', undefined, 100) });
  expect(started?.shown).toBe(true);
  expect(started?.cache.savedAt).toBeGreaterThan(Date.now() - 60_000);
});

it('forgets the rows only while the key is still the one they were saved for', async () => {
  const home = mkdtempSync(join(tmpdir(), 'pagetui-cache-use-'));
  homes.push(home);
  const env = { XDG_CACHE_HOME: home };
  const base = 'https://pages.example.com';
  const lists = { groups: { items: [{ pageGroupId: 'grp-1', title: 'One' }], hasMore: false } };
  openListCache(env, base, 'key-0123456789abcdef').saveNow(lists);
  const client = { listPageGroups: () => new Promise<never>(() => {}), listPages: () => new Promise<never>(() => {}) };
  let key = 'key-0123456789abcdef';
  const started = startListCache({ args: {}, config: {}, env, baseUrl: base, key: { get: () => key }, groupsPager: listPager(client, 'groups', undefined, 100) });
  // Another key typed into the login form was refused: the first key's rows are not its to drop.
  key = 'other-key-0123456789';
  await started?.cache.forget();
  expect(openListCache(env, base, 'key-0123456789abcdef').initial).toEqual(lists);
  key = 'key-0123456789abcdef';
  await started?.cache.forget();
  expect(openListCache(env, base, 'key-0123456789abcdef').initial).toEqual({});
});
