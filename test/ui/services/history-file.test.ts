/** The prompt history on disk: two instances writing at once lose nothing; the API key is never written. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createPromptHistory } from '../../../src/ui/services/history.js';

it('50 entries added by two interleaved writers are all saved', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pagetui-history-race-'));
  try {
    const a = createPromptHistory(dir);
    const b = createPromptHistory(dir);
    for (let i = 0; i < 25; i++) {
      a.add('filter', `from-a-${i}`);
      b.add('filter', `from-b-${i}`);
    }
    await Promise.all([a.flush(), b.flush()]);
    const saved = JSON.parse(await readFile(join(dir, 'filter-history.json'), 'utf8')) as string[];
    expect(saved.length).toBe(50);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('an entry holding the API key, or 8 characters of it, is not saved', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pagetui-history-key-'));
  const key = 'sk-live-7f3a9c2e51b84d06';
  try {
    const history = createPromptHistory(dir, () => key);
    history.add('filter', key);
    history.add('filter', `name~${key.slice(5, 13)}`);
    history.add('filter', 'landing');
    await history.flush();
    expect(await readFile(join(dir, 'filter-history.json'), 'utf8')).not.toContain(key.slice(5, 13));
    expect(history.entries('filter')).toEqual(['landing']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('a hand-edited or planted file is read as typed text is kept: no bidi override or escape shown, no entry twice in a row', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pagetui-history-planted-'));
  try {
    await writeFile(join(dir, 'export-history.json'), JSON.stringify(['./a\u202eb.csv', './x.ndjson', './x.ndjson\u001b[2J', '\u200e', './y.csv']));
    expect(createPromptHistory(dir).entries('export')).toEqual(['./ab.csv', './x.ndjson', './y.csv']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
