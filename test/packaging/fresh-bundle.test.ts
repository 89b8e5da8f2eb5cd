/** The pty tests' global setup rebuilds dist/ when it is missing or older than what it is built from. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staleReason } from '../setup/fresh-bundle.js';

const project = mkdtempSync(join(tmpdir(), 'pagetui-fresh-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

function file(path: string, secondsAgo: number): void {
  const full = join(project, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, '');
  const at = Date.now() / 1000 - secondsAgo;
  utimesSync(full, at, at);
}

describe('staleReason', () => {
  it('missing bundle, current bundle, then a source or the ink guard newer than the bundle', () => {
    file('src/ui/app.tsx', 300);
    file('package.json', 300);
    expect(staleReason(project)).toBe('dist/pagetui.js is missing');
    file('dist/pagetui.js', 100);
    // Directory times move too when files are added; set them back.
    for (const dir of ['src', 'src/ui']) utimesSync(join(project, dir), Date.now() / 1000 - 300, Date.now() / 1000 - 300);
    expect(staleReason(project)).toBeUndefined();
    file('src/ui/app.tsx', 10);
    expect(staleReason(project)).toBe('src is newer than dist/pagetui.js');
    file('dist/pagetui.js', 5);
    expect(staleReason(project)).toBeUndefined();
    file('scripts/lib/ink-patch.mjs', 1);
    expect(staleReason(project)).toBe('scripts/lib/ink-patch.mjs is newer than dist/pagetui.js');
  });
});
