/**
 * A config or history path that is not a regular file (a FIFO a hostile or confused machine left
 * there) is refused at once, never opened: opening a FIFO waits for a writer forever.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/auth/config.js';
import { createPromptHistory } from '../../src/ui/services/history.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function fifoAt(path: string): void {
  execFileSync('mkfifo', [path]);
}

describe('files that are not regular files', () => {
  it('a FIFO as config.json is refused with a warning naming it, without waiting', () => {
    const home = mkdtempSync(join(tmpdir(), 'pagetui-fifo-'));
    dirs.push(home);
    mkdirSync(join(home, 'pagetui'), { recursive: true });
    const path = join(home, 'pagetui', 'config.json');
    fifoAt(path);
    const started = Date.now();
    const loaded = loadConfig({ XDG_CONFIG_HOME: home });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(loaded.warning).toContain(path);
    expect(loaded.warning).toContain('not a regular file');
    expect(loaded.config.profiles).toEqual({});
  });

  it('a FIFO as a history file is read as no history, without waiting', () => {
    const state = mkdtempSync(join(tmpdir(), 'pagetui-fifo-'));
    dirs.push(state);
    fifoAt(join(state, 'filter-history.json'));
    const history = createPromptHistory(state);
    expect(history.entries('filter')).toEqual([]);
  });
});
