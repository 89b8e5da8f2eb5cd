/**
 * Bare node programs run the same way as the app, giving each figure its floor: how long node
 * takes to start and print, to answer a key in raw mode, and how much memory it holds idle.
 */
import { PtySession } from './pty-session.mjs';

/** Prints a line and stays alive (until killed), like the app's first frame. */
const PRINT_AND_IDLE = "process.stdout.write('ready\\n'); setInterval(() => {}, 1000);";

/** Answers every key with a short write, like a minimal raw-mode TUI. */
const ECHO_KEYS =
  "process.stdin.setRawMode(true); process.stdin.on('data', (d) => { if (d.includes(113)) process.exit(0); process.stdout.write('\\u001b[1;1Hk' + d.length); }); process.stdout.write('ready\\n');";

/** @param {string} node the Node binary to start (the machine's by default) */
export function startPrinter(node = process.execPath) {
  return new PtySession([node, '-e', PRINT_AND_IDLE]);
}

export function startEcho() {
  return new PtySession([process.execPath, '-e', ECHO_KEYS]);
}
