#!/usr/bin/env node
// The entry point. It must parse and run on old Node (npx ignores `engines`; Debian 12 ships 18), so
// it only checks the version and then loads the rest lazily. (dead-terminal uses nothing newer.)
import { enableCompileCache } from './compile-cache.js';
import { isDeadTerminal, releaseDeadTerminal } from './dead-terminal.js';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 18)) {
  process.stderr.write(`pagetui needs Node >= 20.18 (this is Node ${process.versions.node}).\n`);
  process.exit(2);
}
// Before the lazy import, so the rest of the bundle is compiled from (and into) the cache.
enableCompileCache();
import('./cli.js')
  .then((cli) => cli.main(process.argv.slice(2)))
  .then((code: number) => {
    // Open keep-alive sockets or a demo server must not keep a finished command alive; wait for
    // stdout to drain first so piped output is never cut short (a dead terminal never drains).
    const exit = () => {
      releaseDeadTerminal();
      process.exit(code);
    };
    if (process.stdout.writableNeedDrain && !(process.stdout.isTTY && isDeadTerminal(1))) process.stdout.once('drain', exit);
    else exit();
  })
  .catch((error: unknown) => {
    process.stderr.write(`pagetui: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
    releaseDeadTerminal();
    process.exit(1);
  });
