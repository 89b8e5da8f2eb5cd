/** `e` in the inspector on a full disk says so with the way out the list's export gives: free space, then e. */
import { expect, it } from 'vitest';
import { ExchangeLog } from '../../../src/api/inspector/exchange-log.js';
import type { Exporter } from '../../../src/ui/services/export.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { groupsOf, settle } from './helpers.js';

it.each([
  ['ENOSPC', 'Could not write ./run.har: the disk is full — free space, then press e'],
  ['EDQUOT', 'Could not write ./run.har: the disk quota is used up — free space, then press e'],
])('%s', async (code, said) => {
  const failing = Object.assign(new Error(`${code}: no room`), { code });
  const exporter: Exporter = { display: (p) => `./${p}`, exists: () => Promise.resolve(false), write: () => Promise.reject(failing) };
  const client = { listPageGroups: () => Promise.resolve({ items: groupsOf(3), hasMore: false, warnings: [] }), listPages: () => Promise.resolve({ items: [], hasMore: false, warnings: [] }) };
  const store = new AppStore({ client, columns: 120, rows: 24, exporter, inspector: { log: new ExchangeLog(), harPath: 'run.har' } });
  store.start();
  await settle();
  store.command('inspector');
  store.command('exportHar');
  await settle();
  expect(store.getSnapshot().toast?.text).toBe(said);
  store.dispose();
});
