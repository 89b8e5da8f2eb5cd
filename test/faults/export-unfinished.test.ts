/**
 * The exporter asked to finish because the process is ending: a write that completes in time
 * leaves its file, one that does not leaves nothing (its temporary file removed, the name untouched).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFileExporter } from '../../src/ui/services/export.js';
import { settledAfter } from '../helpers/fake-time.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-unfinished-'));
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

/** Makes every FileHandle write half its data and then hang, until the returned undo is called. */
async function stallFileWrites(): Promise<() => void> {
  const probe = await open(join(dir, '.probe'), 'w');
  const proto = Object.getPrototypeOf(probe) as { writeFile: (data: unknown) => Promise<void> };
  await probe.close();
  rmSync(join(dir, '.probe'));
  const original = proto.writeFile;
  const held: unknown[] = [];
  proto.writeFile = async function (this: { write(s: string): Promise<unknown> }, data: unknown) {
    const text = String(data);
    await this.write(text.slice(0, text.length >> 1));
    held.push(this);
    return new Promise<void>(() => {});
  };
  return () => {
    proto.writeFile = original;
  };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('finishWrites', () => {
  it('removes the temporary file of a write that does not finish in time', async () => {
    const exporter = createFileExporter(dir);
    const undo = await stallFileWrites();
    try {
      void exporter.write('out.ndjson', '{"a":1}\n'.repeat(1000), false).catch(() => {});
      await until(() => readdirSync(dir).some((name) => name.endsWith('.tmp')));
      vi.useFakeTimers();
      const finishing = exporter.finishWrites(200);
      expect(await settledAfter(finishing, 199)).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      vi.useRealTimers();
      await finishing;
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      undo();
    }
  });

  it('lets a write in progress complete', async () => {
    const exporter = createFileExporter(dir);
    const text = '{"a":1}\n'.repeat(100_000);
    void exporter.write('out.ndjson', text, false);
    await exporter.finishWrites(10_000);
    expect(readdirSync(dir)).toEqual(['out.ndjson']);
    expect(readFileSync(join(dir, 'out.ndjson'), 'utf8')).toBe(text);
  });

  it('returns at once when nothing is being written', async () => {
    vi.useFakeTimers();
    expect(await settledAfter(createFileExporter(dir).finishWrites(10_000), 0)).toBe(true);
  });
});
