/**
 * Vitest global setup: the pty tests drive the built CLI (dist/), so it must not be older than what
 * it is built from. When dist/pagetui.js is missing or any source of the bundle is newer, this
 * builds once before the tests start (`npm test` has just built, so it does nothing there); a failed
 * build stops the run with the build's own message.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** What the bundle is made from, besides node_modules (pinned by the lock file). */
const SOURCES = ['src', 'scripts/build.mjs', 'scripts/lib/ink-patch.mjs', 'scripts/lib/start-up-trim.mjs', 'scripts/lib/string-width-rgi.mjs', 'scripts/lib/string-width-simple.mjs', 'scripts/stubs', 'package.json', 'package-lock.json'];

function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The first reason `project`'s bundle needs building, or undefined when it is current. */
export function staleReason(project = root): string | undefined {
  const built = statSync(join(project, 'dist/pagetui.js'), { throwIfNoEntry: false })?.mtimeMs;
  if (built === undefined) return 'dist/pagetui.js is missing';
  const newer = SOURCES.find((source) => newestMtime(join(project, source)) > built);
  return newer === undefined ? undefined : `${newer} is newer than dist/pagetui.js`;
}

export default function setup(): void {
  const reason = staleReason();
  if (reason === undefined) return;
  console.log(`test setup: ${reason}; building it (node scripts/build.mjs)`);
  try {
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  } catch {
    throw new Error('test setup: the build failed (its message is above); the pty tests need a current dist/');
  }
}
