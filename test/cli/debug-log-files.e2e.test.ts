/**
 * The debug log against files that fight back, through the built CLI: a FIFO (refused at once, not
 * waited on) and a log that cannot grow (a file-size limit: the log stops with one warning, the
 * listing goes on and succeeds).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE } from '../helpers/pty-app.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-log-files-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LISTING = ['pages', 'grp-1', '--demo', '--json', '--max', '200', '--limit', '5'];

function runCli(setup: string, args: readonly string[]) {
  const r = spawnSync('bash', ['-c', `${setup} exec "$0" "$@" > /dev/null`, process.execPath, BUNDLE, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stderr: r.stderr };
}

describe('the debug log', () => {
  it('refuses a FIFO at once (no reader needed) and the run goes on', () => {
    const fifo = join(dir, 'fifo.log');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const r = runCli('', [...LISTING, '--log', fifo]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`pagetui: warning: cannot write the debug log ${fifo}: it is not a regular file; the run goes on without it\n`);
  });

  it('that cannot grow (file too large) stops with one warning; the listing still succeeds', () => {
    const file = join(dir, 'small.log');
    // 2 kB: a few of the 40 requests' lines fit, the next write comes up short.
    const r = runCli(`trap '' XFSZ; ulimit -f 2;`, [...LISTING, '--log', file]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`pagetui: warning: the debug log ${file} stopped: file too large; the run goes on without it\n`);
    expect(statSync(file).size).toBeLessThanOrEqual(2048);
  });
});
