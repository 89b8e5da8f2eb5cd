/**
 * Every command whose output cannot be written (stdout on a full disk: /dev/full) says so in one
 * line and exits 7, as `groups` and `pages` do: no stack trace, no exit 0 over an empty file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BUNDLE = fileURLToPath(new URL('../../dist/pagetui.js', import.meta.url));

function toFull(args: readonly string[]): { status: number | null; stderr: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: '/nonexistent-home', XDG_CONFIG_HOME: '/nonexistent-config' };
  delete env.PAGETUI_API_KEY;
  const r = spawnSync('bash', ['-c', 'exec node "$0" "$@" > /dev/full', BUNDLE, ...args], { env, encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stderr: r.stderr };
}

describe.skipIf(!existsSync('/dev/full'))('stdout on a full disk', () => {
  for (const args of [['doctor', '--demo'], ['doctor', '--demo', '--json'], ['completion', 'bash'], ['keys'], ['--help'], ['--version'], ['config', 'path'], ['groups', '--demo']]) {
    it(`pagetui ${args.join(' ')}: one line, exit 7`, () => {
      const r = toFull(args);
      expect(r.stderr).not.toMatch(/\n\s+at |node:events/);
      expect(r.stderr).toMatch(/could not write standard output: disk full/);
      expect(r.status).toBe(7);
    });
  }
});
