/** Two instances sharing one state folder, writing at the same time: no entry of either is lost. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
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
