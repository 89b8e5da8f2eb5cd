/** `--har FILE` that cannot be written is a usage error before any request, in the app and the commands. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/cli/args.js';
import { runGroups, runPages } from '../../src/cli/commands/list-commands.js';
import { testIo } from '../cli-list/io.js';
import { canRun, RUNS_AS_ROOT } from '../helpers/require.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-har-path-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function appUsageError(argv: readonly string[]): string | undefined {
  try {
    parseCliArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  return undefined;
}

describe('--har FILE that cannot be written', () => {
  it('the app says so at start (exit 2), not after the session when the record is lost', () => {
    expect(appUsageError(['--demo', '--har', join(dir, 'missing', 'run.har')])).toMatch(/^--har ".*run\.har": the folder ".*missing" does not exist\.$/);
    expect(appUsageError(['--demo', '--har', dir])).toMatch(/is a folder; give a file name/);
    expect(appUsageError(['--demo', '--har', join(dir, 'new.har')])).toBeUndefined();
  });

  it('a command says so in one line and lists nothing', async () => {
    for (const run of [(h: string, io: ReturnType<typeof testIo>['io']) => runGroups(['--demo', '--har', h], io), (h: string, io: ReturnType<typeof testIo>['io']) => runPages(['grp-1', '--demo', '--har', h], io)]) {
      const { io, stdout, stderr } = testIo();
      expect(await run(join(dir, 'missing', 'run.har'), io)).toBe(2);
      expect(stdout.text).toBe('');
      expect(stderr.lines()).toHaveLength(1);
      expect(stderr.lines()[0]).toMatch(/^pagetui: --har ".*run\.har": the folder ".*missing" does not exist\.$/);
    }
    const { io, stderr } = testIo();
    const file = join(dir, 'file');
    writeFileSync(file, '');
    expect(await runGroups(['--demo', '--har', join(file, 'run.har')], io)).toBe(2);
    expect(stderr.lines()[0]).toMatch(/is not a folder\.$/);
  });

  // root writes anywhere: there this cannot be checked.
  it.skipIf(!canRun('PAGETUI_REQUIRE_NOT_ROOT', RUNS_AS_ROOT))('a folder without write permission is refused', () => {
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o555);
    expect(appUsageError(['--demo', '--har', join(locked, 'run.har')])).toMatch(/cannot be written \(no permission\)/);
  });
});
