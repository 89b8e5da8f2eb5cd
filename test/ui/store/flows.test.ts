import { describe, expect, it } from 'vitest';
import type { Clipboard } from '../../../src/ui/services/clipboard.js';
import { FileExistsError, type Exporter } from '../../../src/ui/services/export.js';
import { routeInput } from '../../../src/ui/screens/route-keys.js';
import { textOf } from '../../helpers/export-text.js';
import { groupsOf, pagesOf, selectedId, settle, shownIds, startStore } from './helpers.js';


function fakeExporter(existing: Set<string>) {
  const writes: { path: string; text: string; overwrite: boolean }[] = [];
  const exporter: Exporter = {
    display: (path) => path,
    exists: (path) => Promise.resolve(existing.has(path)),
    write: async (path, data, overwrite) => {
      if (existing.has(path) && !overwrite) throw new FileExistsError(path);
      const text = await textOf(data);
      existing.add(path);
      writes.push({ path, text, overwrite });
    },
  };
  return { exporter, writes };
}

describe('keys while an input is open', () => {
  it('letters never navigate while the filter field has the keys; arrows, Enter and Esc do their job', async () => {
    const { store } = await startStore({ groups: groupsOf(30) });
    const noop = () => {};
    routeInput(store, '/', noop);
    expect(store.getSnapshot().input?.kind).toBe('filter');
    for (const letters of ['j', 'jjjj', 'G', 'q', 'r', 'y']) routeInput(store, letters, noop);
    expect(store.getSnapshot().quitting).toBe(false);
    expect(store.getSnapshot().list.selected).toBe(0);
    routeInput(store, '\u001b[B', noop);
    expect(store.getSnapshot().list.selected).toBe(1);
    routeInput(store, '\r', noop);
    expect(store.getSnapshot().input).toBeNull();
    routeInput(store, 'j', noop);
    expect(store.getSnapshot().list.selected).toBe(2); // back in the list, letters are keys again
  });

  it('"/" and the text after it in one read open the filter with that text', async () => {
    const { store } = await startStore({ groups: groupsOf(30) });
    routeInput(store, 'jj/"Group 2"', () => {});
    expect(store.getSnapshot().input?.kind).toBe('filter');
    expect(store.getSnapshot().list.query).toBe('"Group 2"');
    expect(shownIds(store)).toEqual(['g-2', ...Array.from({ length: 10 }, (_, i) => `g-${20 + i}`)]);
    expect(selectedId(store)).toBe('g-2'); // g-3 (selected by jj) does not match: first row
  });
});

describe('copy', () => {
  it('says what was copied and how', async () => {
    const copied: string[] = [];
    const clipboard: Clipboard = { copy: (text) => (copied.push(text), Promise.resolve({ method: 'OSC 52' })) };
    const { store } = await startStore({ groups: groupsOf(3) }, { clipboard });
    store.command('moveDown');
    store.command('copyId');
    await settle();
    expect(copied).toEqual(['g-2']);
    expect(store.getSnapshot().toast?.text).toBe("Sent g-2 to the terminal's clipboard (OSC 52)");
    expect(store.getSnapshot().toast?.hint).toBe('your terminal decides whether to accept it');
    store.command('copyJson');
    await settle();
    expect(JSON.parse(copied[1] ?? '')).toEqual(groupsOf(3)[1]);
    expect(store.getSnapshot().toast?.text).toBe("Sent g-2 as JSON to the terminal's clipboard (OSC 52)");
  });
});

describe('export', () => {
  it('offers the default path, writes the shown rows, asks before overwriting, and Esc cancels', async () => {
    const { exporter, writes } = fakeExporter(new Set());
    const { store } = await startStore({ groups: groupsOf(5) }, { exporter });
    const noop = () => {};
    routeInput(store, 'e', noop);
    expect(store.getSnapshot().input).toMatchObject({ kind: 'export', text: './page-groups.ndjson', stage: 'path', count: 5 });
    routeInput(store, '\r', noop);
    await settle();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.text.trim().split('\n')).toHaveLength(5);
    expect(store.getSnapshot().toast?.text).toBe('Exported 5 page groups to ./page-groups.ndjson');

    routeInput(store, 'e', noop);
    routeInput(store, '\r', noop);
    await settle();
    expect(store.getSnapshot().input).toMatchObject({ stage: 'confirm' });
    routeInput(store, 'x', noop); // anything but y is "no"
    expect(store.getSnapshot().input).toBeNull();
    expect(writes).toHaveLength(1);

    routeInput(store, 'e', noop);
    routeInput(store, '\r', noop);
    await settle();
    routeInput(store, 'y', noop);
    await settle();
    expect(writes).toHaveLength(2);
    expect(writes[1]?.overwrite).toBe(true);

    routeInput(store, 'e', noop);
    routeInput(store, '\u001b', noop);
    expect(store.getSnapshot().input).toBeNull();
    expect(writes).toHaveLength(2);
  });
});

describe('the path e offers after an export from another list', () => {
  it('is the list\'s own name, so no other list\'s file is offered for overwriting; the path written is in its history', async () => {
    const { exporter } = fakeExporter(new Set());
    const { store } = await startStore({ groups: groupsOf(3), pages: { 'g-1': pagesOf('g-1', 4) } }, { exporter });
    const noop = () => {};
    routeInput(store, '\r', noop);
    await settle();
    routeInput(store, 'e', noop);
    store.setInputText('/data/big.csv');
    routeInput(store, '\r', noop);
    await settle();
    expect(store.getSnapshot().toast?.text).toBe('Exported 4 pages to /data/big.csv');
    routeInput(store, 'e', noop);
    expect(store.getSnapshot().input).toMatchObject({ kind: 'export', text: './g-1-pages.ndjson' });
    routeInput(store, '\u001b', noop);
    routeInput(store, '\u001b', noop);
    await settle();
    routeInput(store, 'e', noop);
    expect(store.getSnapshot().input).toMatchObject({ kind: 'export', text: './page-groups.ndjson', count: 3 });
    expect(store.historyOf('export')).toContain('/data/big.csv');
  });
});
