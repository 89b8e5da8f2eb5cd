/**
 * doctor's Debug log line checks that the log can be written where it is set to go (the folder
 * exists and is a folder, it can be written, there is space), in the words the app uses when it
 * cannot open the log, and creates nothing.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { debugLogCheck } from '../../src/cli/commands/doctor/auth-checks.js';

const dir = mkdtempSync(join(tmpdir(), 'pagetui-doctor-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const envWith = (log: string) => ({ PAGETUI_LOG: log, XDG_CONFIG_HOME: join(dir, 'cfg'), HOME: dir });

describe("doctor's Debug log line", () => {
  it('passes a log it can write, and makes no file', () => {
    const path = join(dir, 'ok.log');
    const r = debugLogCheck(envWith(path));
    expect(r.status).toBe('pass');
    expect(existsSync(path)).toBe(false);
    // It does not read as if doctor's own run were logged there.
    expect(r.summary).toContain('doctor writes none');
  });

  it('warns when the folder does not exist, as the app says it', () => {
    const path = join(dir, 'nodir', 'x.log');
    const r = debugLogCheck(envWith(path));
    expect(r.status).toBe('warn');
    expect(r.summary).toContain(`${path} (from PAGETUI_LOG) cannot be written: no such directory`);
    expect(existsSync(join(dir, 'nodir'))).toBe(false);
  });

  it('warns when a part of the path is a file, or the log is a folder', () => {
    writeFileSync(join(dir, 'afile'), '');
    expect(debugLogCheck(envWith(join(dir, 'afile', 'x.log'))).summary).toContain('cannot be written: a part of the path is not a directory');
    expect(debugLogCheck(envWith(dir)).summary).toContain('cannot be written: it is not a regular file');
  });
});
