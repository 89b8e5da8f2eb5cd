/** The list cache as the app starts it: it carries when the rows were saved, which the cached-rows notices say. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listPager } from '../../src/api/pager/list-pager.js';
import { ApiError } from '../../src/api/http/errors.js';
import type { PagerSnapshot } from '../../src/api/types.js';
import { cacheSetting, redrawWhenSettled, startListCache } from '../../src/cli/list-cache-use.js';
import { openListCache } from '../../src/startup/list-cache.js';
import { waitFor } from '../helpers/wait-for.js';

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

describe('PAGETUI_CACHE', () => {
  const setting = (value: string | undefined, config: { cache?: boolean } = {}, noCache = false) =>
    cacheSetting(noCache ? { noCache: true } : {}, config, value === undefined ? {} : { PAGETUI_CACHE: value });

  it.each(['0', 'false', 'no', 'off', 'OFF', ' False ', 'No'])('%j turns the cache off', (value) => {
    expect(setting(value)).toEqual({ on: false });
  });

  it.each(['1', 'true', 'yes', 'on', 'ON'])('%j keeps it on, and wins over "cache": false as the other variables win over the file', (value) => {
    expect(setting(value)).toEqual({ on: true });
    expect(setting(value, { cache: false })).toEqual({ on: true });
    // --no-cache wins over both.
    expect(setting(value, {}, true)).toEqual({ on: false });
  });

  it('unset or empty leaves it to --no-cache and the config file', () => {
    expect(setting(undefined)).toEqual({ on: true });
    expect(setting('')).toEqual({ on: true });
    expect(setting(undefined, { cache: false })).toEqual({ on: false });
  });

  it('anything else is said, and the cache is off for the run (a setting not understood keeps nothing on disk)', () => {
    const said = setting('disabled');
    expect(said.on).toBe(false);
    expect(said.warning).toBe('PAGETUI_CACHE="disabled" not understood: the cache is off for this run (off: 0, false, no, off; on: 1, true, yes, on).');
    // Said as the value was typed, controls escaped and cut short.
    expect(setting(`x\u001b[2J${'y'.repeat(100)}`).warning).toMatch(/^PAGETUI_CACHE="x\\u001b\[2Jy+…" not understood/);
  });

  it('as the app starts it: PAGETUI_CACHE=0 shows no cached rows', () => {
    const home = mkdtempSync(join(tmpdir(), 'pagetui-cache-use-'));
    homes.push(home);
    const base = 'https://pages.example.com';
    openListCache({ XDG_CACHE_HOME: home }, base, 'key-0123456789abcdef').saveNow({ groups: { items: [{ pageGroupId: 'grp-1', title: 'One' }], hasMore: false } });
    const client = { listPageGroups: () => new Promise<never>(() => {}), listPages: () => new Promise<never>(() => {}) };
    const start = (value: string) =>
      startListCache({ args: {}, config: {}, env: { XDG_CACHE_HOME: home, PAGETUI_CACHE: value }, baseUrl: base, key: { get: () => 'key-0123456789abcdef' }, groupsPager: listPager(client, 'groups', undefined, 100) });
    expect(start('0')).toBeUndefined();
    expect(start('false')).toBeUndefined();
    expect(start('1')?.shown).toBe(true);
  });
});

it('the first frame, drawn again before ink when the service answers, never draws cached rows the service refused', async () => {
  let refuse: (error: unknown) => void = () => {};
  const client = { listPageGroups: () => new Promise<never>((_resolve, reject) => (refuse = reject)), listPages: () => new Promise<never>(() => {}) };
  const pager = listPager(client, 'groups', undefined, 100);
  pager.ensure(40);
  pager.showStale([{ pageGroupId: 'grp-1', title: 'One' }], false);
  const drawn: PagerSnapshot[] = [];
  redrawWhenSettled(pager, (snapshot) => drawn.push(snapshot));
  refuse(new ApiError('auth', 'UNAUTHORIZED', 'The API key was refused.', { status: 401 }));
  await waitFor('the redraw', () => drawn.length > 0);
  expect(drawn[0]?.stale).toBeUndefined();
  expect(drawn[0]?.items.length).toBe(0);
  expect(drawn[0]?.error?.status).toBe(401);
});
