/** Prompt history on disk: where it lives, its limit and order, and that a bad file is ignored. */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPromptHistory, historyDir, HISTORY_LIMIT } from '../../../src/ui/services/history.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pagetui-history-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('historyDir', () => {
  it('is $XDG_STATE_HOME/pagetui, else ~/.local/state/pagetui; a relative XDG_STATE_HOME is ignored', () => {
    expect(historyDir({ XDG_STATE_HOME: '/s', HOME: '/h' })).toBe('/s/pagetui');
    expect(historyDir({ HOME: '/h' })).toBe('/h/.local/state/pagetui');
    expect(historyDir({ XDG_STATE_HOME: 'rel', HOME: '/h' })).toBe('/h/.local/state/pagetui');
  });
});

describe('createPromptHistory', () => {
  it('keeps at most 100 entries, newest last, an equal entry moved up, and writes them atomically', async () => {
    const dir = join(tempDir(), 'pagetui');
    const history = createPromptHistory(dir);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) history.add('export', `file-${i}.ndjson`);
    history.add('export', 'file-50.ndjson');
    history.add('export', '   ');
    await history.flush();
    const saved = JSON.parse(readFileSync(join(dir, 'export-history.json'), 'utf8')) as string[];
    expect(saved).toHaveLength(HISTORY_LIMIT);
    expect(saved.at(-1)).toBe('file-50.ndjson');
    expect(saved.filter((e) => e === 'file-50.ndjson')).toHaveLength(1);
    expect(saved[0]).toBe('file-20.ndjson');
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(createPromptHistory(dir).entries('export')).toEqual(saved);
    expect(createPromptHistory(dir).entries('filter')).toEqual([]);
  });

  it('ignores a corrupt or unreadable file, and a folder it cannot write, silently', async () => {
    const root = tempDir();
    const dir = join(root, 'pagetui');
    mkdirSync(dir);
    writeFileSync(join(dir, 'filter-history.json'), '{not json');
    writeFileSync(join(dir, 'export-history.json'), JSON.stringify({ entries: ['x'] }));
    writeFileSync(join(dir, 'jump-history.json'), JSON.stringify(['ok', 3, null, 'fine']));
    const history = createPromptHistory(dir);
    expect(history.entries('filter')).toEqual([]);
    expect(history.entries('export')).toEqual([]);
    expect(history.entries('jump')).toEqual(['ok', 'fine']);

    const blocked = join(root, 'file-not-folder');
    writeFileSync(blocked, '');
    const unwritable = createPromptHistory(join(blocked, 'pagetui'));
    unwritable.add('filter', 'abc');
    await expect(unwritable.flush()).resolves.toBeUndefined();
    expect(unwritable.entries('filter')).toEqual(['abc']);

    if (process.getuid?.() !== 0) {
      chmodSync(join(dir, 'jump-history.json'), 0o000);
      expect(createPromptHistory(dir).entries('jump')).toEqual([]);
    }
  });

  it('two instances sharing a folder keep each other\'s entries (each write merges what is on disk)', async () => {
    const dir = join(tempDir(), 'pagetui');
    const first = createPromptHistory(dir);
    const second = createPromptHistory(dir);
    expect(first.entries('filter')).toEqual([]);
    expect(second.entries('filter')).toEqual([]);
    first.add('filter', 'from-first');
    await first.flush();
    second.add('filter', 'from-second');
    await second.flush();
    first.add('filter', 'first-again');
    await first.flush();
    second.add('filter', 'from-first');
    await second.flush();
    expect(createPromptHistory(dir).entries('filter')).toEqual(['from-second', 'first-again', 'from-first']);
  });
});
