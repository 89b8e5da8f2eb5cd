/**
 * Every file we write is 0600 from its first byte: an export (`e`), a HAR from the inspector (the
 * same exporter) and the --har file at exit, whether or not a file of another mode was there.
 */
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic, writeFileAtomicSync } from '../../src/fs/atomic-write.js';
import { createFileExporter } from '../../src/ui/services/export.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-modes-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);

describe('file modes', () => {
  it('an export (and a HAR written from the inspector) is 0600', async () => {
    const exporter = createFileExporter(dir, dir);
    await exporter.write('./page-groups.ndjson', '{}\n', false);
    expect(modeOf(join(dir, 'page-groups.ndjson'))).toBe('600');
  });

  it('an export over a 0644 file leaves a 0600 file', async () => {
    const path = join(dir, 'run.har');
    writeFileSync(path, 'old');
    chmodSync(path, 0o644);
    await createFileExporter(dir, dir).write(path, '{"log":{}}\n', true);
    expect(modeOf(path)).toBe('600');
  });

  it('the file is 0600 already while it is being written (the temporary file)', async () => {
    const seen: string[] = [];
    const path = join(dir, 'out.ndjson');
    await writeFileAtomic(path, 'x', 0o600, { usersFile: true, beforeRename: (temp) => seen.push(modeOf(temp)) });
    writeFileAtomicSync(join(dir, 'run.har'), 'x', 0o600, { beforeRename: (temp) => seen.push(modeOf(temp)) });
    expect(seen).toEqual(['600', '600']);
  });
});
