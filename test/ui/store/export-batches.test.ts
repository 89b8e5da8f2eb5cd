/**
 * `e` over a long list: the file is written a batch at a time (the status counts the items
 * written), Esc cancels, a write that fails part-way leaves no temporary file and the old file as
 * it was, and the bytes are those of the formats written whole.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RawItem } from '../../../src/api/types.js';
import { EXPORT_FORMATS, formatWriter } from '../../../src/formats/export-format.js';
import { createFileExporter } from '../../../src/ui/services/export.js';
import { routeInput } from '../../../src/ui/screens/route-keys.js';
import type { AppStore } from '../../../src/ui/store/app-store.js';
import { groupsOf, settle, startStore } from './helpers.js';

const noop = () => {};
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-export-batches-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setImmediate(r));
  }
}

async function loadedStore(groups: RawItem[]): Promise<AppStore> {
  const { store } = await startStore({ groups }, { exporter: createFileExporter(dir, dir) });
  store.command('bottom');
  await until(() => store.getSnapshot().visible.items.length === groups.length);
  return store;
}

function exportTo(store: AppStore, name: string): void {
  routeInput(store, 'e', noop);
  store.setInputText(name);
  routeInput(store, '\r', noop);
}

/** FileHandle.writeFile fails with `code` from its `failAt`-th call on. */
async function failFileWrites(failAt: number, code: string): Promise<() => void> {
  const probe = await open(join(dir, '.probe'), 'w');
  const proto = Object.getPrototypeOf(probe) as { writeFile: (...args: unknown[]) => Promise<void> };
  await probe.close();
  rmSync(join(dir, '.probe'));
  const original = proto.writeFile;
  let calls = 0;
  proto.writeFile = function (this: unknown, ...args: unknown[]) {
    calls += 1;
    if (calls >= failAt) return Promise.reject(Object.assign(new Error(`${code}: write failed`), { code }));
    return original.apply(this, args);
  };
  return () => {
    proto.writeFile = original;
  };
}

const whole = (format: (typeof EXPORT_FORMATS)[number], items: readonly RawItem[]): string => {
  const writer = formatWriter(format, 'groups');
  return writer.start() + writer.rows(items) + writer.end();
};

describe('exporting a long list', () => {
  it('writes batch by batch, counting the items written, with the bytes of the whole text', async () => {
    const groups = groupsOf(5_000);
    const store = await loadedStore(groups);
    for (const format of EXPORT_FORMATS) {
      const seen = new Set<number>();
      const off = store.subscribe(() => {
        const input = store.getSnapshot().input;
        if (input?.kind === 'export' && input.stage === 'writing' && input.done !== undefined) seen.add(input.done);
      });
      exportTo(store, `out.${format}`);
      await until(() => store.getSnapshot().toast?.text.endsWith(`out.${format}`) === true);
      off();
      expect(store.getSnapshot().toast?.text).toBe(`Exported 5,000 page groups to ./out.${format}`);
      expect([...seen].filter((n) => n > 0 && n < 5_000).length).toBeGreaterThan(1);
      expect(readFileSync(join(dir, `out.${format}`), 'utf8')).toBe(whole(format, groups));
    }
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('Esc while writing cancels: no file, no temporary file', async () => {
    const store = await loadedStore(groupsOf(20_000));
    exportTo(store, 'out.csv');
    await until(() => {
      const input = store.getSnapshot().input;
      return input?.kind === 'export' && (input.done ?? 0) > 0;
    });
    routeInput(store, '\u001b', noop);
    await until(() => store.getSnapshot().toast?.text === 'Export cancelled');
    expect(store.getSnapshot().toast?.tone).toBe('warning');
    await settle();
    expect(store.getSnapshot().input).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a write that fails part-way leaves the old file and no temporary file, and says why', async () => {
    writeFileSync(join(dir, 'out.ndjson'), 'old\n');
    const store = await loadedStore(groupsOf(5_000));
    const undo = await failFileWrites(3, 'ENOSPC');
    try {
      exportTo(store, 'out.ndjson');
      await until(() => store.getSnapshot().input?.kind === 'export' && (store.getSnapshot().input as { stage: string }).stage === 'confirm');
      routeInput(store, 'y', noop);
      await until(() => store.getSnapshot().toast?.tone === 'error');
    } finally {
      undo();
    }
    expect(store.getSnapshot().toast?.text).toBe('Export to ./out.ndjson failed: the disk is full');
    expect(store.getSnapshot().input).toBeNull();
    expect(readdirSync(dir)).toEqual(['out.ndjson']);
    expect(readFileSync(join(dir, 'out.ndjson'), 'utf8')).toBe('old\n');
  });
});

describe('the export prompt after a failed export', () => {
  it('is not filled with the path that failed; a path that worked is in its history, the list\'s own name offered', async () => {
    const store = await loadedStore(groupsOf(30));
    exportTo(store, 'no/such/folder/out.ndjson');
    await until(() => store.getSnapshot().toast?.tone === 'error');
    routeInput(store, 'e', noop);
    expect(store.getSnapshot().input).toMatchObject({ kind: 'export' });
    const offered = store.getSnapshot().input?.kind === 'export' ? (store.getSnapshot().input as { text: string }).text : '';
    expect(offered).not.toContain('no/such/folder');
    store.setInputText('kept.ndjson');
    routeInput(store, '\r', noop);
    await until(() => store.getSnapshot().toast?.tone === 'success');
    routeInput(store, 'e', noop);
    expect((store.getSnapshot().input as { text: string }).text).toBe('./page-groups.ndjson');
    expect(store.historyOf('export')).toEqual(['kept.ndjson']);
    store.dispose();
  });
});
