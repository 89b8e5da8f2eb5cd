#!/usr/bin/env node
// How long the terminal's background answer takes, and which background is decided, over a link
// of each round trip (0 = a local terminal). Not part of `npm test`; run `node bench/terminal-answer.mjs [--runs 5]`.
//
// detectBackground() runs in a real pty whose terminal (a headless xterm answering DA1 itself and
// OSC 11 as a light terminal) is a link away (scripts/lib/shaped-link.mjs). Prints, per round
// trip, the median reply time the app measured and how it decided.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PtySession } from '../scripts/lib/pty-session.mjs';
import { ShapedDirection } from '../scripts/lib/shaped-link.mjs';
import { median } from './lib/stats.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);
const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pagetui-answer-'));
const program = join(dir, 'detect.mjs');

await build({
  absWorkingDir: root,
  stdin: {
    contents: `
import { detectBackground } from './src/ui/theme/detect.ts';
const found = await detectBackground({ env: { TERM: 'xterm-256color' }, io: { stdin: process.stdin, stdout: process.stdout } });
process.stdout.write('\\r\\nFOUND ' + JSON.stringify(found) + '\\r\\n');
setTimeout(() => process.exit(0), 5_000);
`,
    resolveDir: root,
    loader: 'ts',
  },
  outfile: program,
  bundle: true,
  format: 'esm',
  platform: 'node',
  logLevel: 'silent',
});

class LinkedTerminal extends PtySession {
  constructor(argv, rttMs) {
    super(argv);
    this.down = new ShapedDirection({ delayMs: rttMs / 2, deliver: (data) => super.deliver(data) });
    this.up = new ShapedDirection({ delayMs: rttMs / 2, deliver: (data) => this.proc.write(data) });
    this.term.parser.registerOscHandler(11, (data) => data === '?' && (this.answer('\u001B]11;rgb:ffff/ffff/ffff\u001B\\'), true));
  }
  deliver(data) {
    this.down.send(data);
  }
  answer(reply) {
    this.up.send(reply);
  }
}

console.log('| round trip | reply (median ms) | decided |');
console.log('| --- | --- | --- |');
for (const rttMs of [0, 80, 150, 500, 900]) {
  const replies = [];
  let decided = '';
  for (let run = 0; run < RUNS; run++) {
    const session = new LinkedTerminal([process.execPath, program], rttMs);
    try {
      const screen = await session.waitFor(/FOUND \{.*\}/, 10_000);
      const found = JSON.parse(/FOUND (\{.*\})/.exec(screen)[1]);
      replies.push(found.replyMs ?? Number.NaN);
      decided = `${found.background} (${found.how})`;
    } finally {
      session.kill();
    }
  }
  console.log(`| ${rttMs} ms | ${median(replies)} | ${decided} |`);
}
rmSync(dir, { recursive: true, force: true });
