/** `pagetui doctor`'s List cache line: on or off, from what, where the rows live and how many are kept. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { listCacheCheck } from '../../src/cli/commands/doctor/list-cache-check.js';

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

function cacheHome(entries: number): string {
  const home = mkdtempSync(join(tmpdir(), 'pagetui-doctor-cache-'));
  homes.push(home);
  const dir = join(home, 'pagetui', 'lists');
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < entries; i++) writeFileSync(join(dir, `${String(i).padStart(40, '0')}.json`), '{}');
  writeFileSync(join(dir, 'salt'), '0'.repeat(64));
  return home;
}

it('says on, where, and how many services and keys are kept', () => {
  const home = cacheHome(2);
  const line = listCacheCheck({ XDG_CACHE_HOME: home }, {});
  expect(line).toMatchObject({ id: 'list-cache', status: 'pass' });
  expect(line.summary).toBe(`on: 2 services and keys kept in ${join(home, 'pagetui', 'lists')} (--no-cache for one start)`);
});

it('says off and what turns it off', () => {
  const home = cacheHome(1);
  expect(listCacheCheck({ XDG_CACHE_HOME: home, PAGETUI_CACHE: 'false' }, {}).summary).toMatch(/^off, from PAGETUI_CACHE=false: 1 service and key kept in .* \(pagetui cache clear removes them\)$/);
  expect(listCacheCheck({ XDG_CACHE_HOME: home }, { cache: false }).summary).toMatch(/^off, from "cache": false in the config file:/);
  expect(listCacheCheck({ XDG_CACHE_HOME: home, PAGETUI_CACHE: 'on' }, { cache: false }).summary).toMatch(/^on, from PAGETUI_CACHE=on \(over/);
});

it('says when PAGETUI_CACHE or --no-cache wins over the config file, which the Config line shows as "cache off"', () => {
  const home = cacheHome(1);
  expect(listCacheCheck({ XDG_CACHE_HOME: home, PAGETUI_CACHE: 'yes' }, { cache: false }).summary).toMatch(
    /^on, from PAGETUI_CACHE=yes \(over "cache": false in the config file\): 1 service and key kept in /,
  );
  expect(listCacheCheck({ XDG_CACHE_HOME: home, PAGETUI_CACHE: 'no' }, { cache: false }).summary).toMatch(/^off, from PAGETUI_CACHE=no: /);
  expect(listCacheCheck({ XDG_CACHE_HOME: home }, { cache: true }, true).summary).toMatch(/^off, from --no-cache: /);
});

it('warns of a PAGETUI_CACHE it does not understand', () => {
  const line = listCacheCheck({ XDG_CACHE_HOME: cacheHome(0), PAGETUI_CACHE: 'disabled' }, {});
  expect(line.status).toBe('warn');
  expect(line.summary).toContain('PAGETUI_CACHE="disabled" not understood: the cache is off for this run');
});

it('checked as with --no-cache, says off from --no-cache, over PAGETUI_CACHE and the config file', () => {
  const home = cacheHome(1);
  expect(listCacheCheck({ XDG_CACHE_HOME: home }, {}, true).summary).toMatch(/^off, from --no-cache: 1 service and key kept in .* \(pagetui cache clear removes them\)$/);
  expect(listCacheCheck({ XDG_CACHE_HOME: home, PAGETUI_CACHE: 'on' }, { cache: true }, true)).toMatchObject({ status: 'pass', facts: { on: false, from: '--no-cache' } });
});
