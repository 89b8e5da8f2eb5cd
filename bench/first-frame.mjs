/**
 * One start of a command in a 120x40 pty, up to the demo's first group on screen, then q:
 *
 *   node bench/first-frame.mjs dist/sea/pagetui-linux-x64 --demo
 *   node bench/first-frame.mjs node dist/pagetui.js --demo
 *
 * Prints the milliseconds from the spawn to that frame. For timing a whole start from outside
 * (`/usr/bin/time -v`, or a harness that runs it several times), as docs/single-executable.md does.
 */
import { PtySession } from './lib/pty-session.mjs';

const FIRST_GROUP = 'Evergreen Landing Pages';
const argv = process.argv.slice(2);
if (argv.length === 0) {
  process.stderr.write('usage: node bench/first-frame.mjs COMMAND [ARG ...]\n');
  process.exit(2);
}
const app = new PtySession(argv);
try {
  const at = await app.waitFor(FIRST_GROUP);
  process.stdout.write(`first frame: ${(at - app.startedAt).toFixed(0)} ms\n`);
  await app.quit();
} finally {
  app.kill();
}
process.exit(0);
