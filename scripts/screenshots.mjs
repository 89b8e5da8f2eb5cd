// Drives the built app (`node dist/pagetui.js --demo`) in a real pseudo-terminal by keys and writes
// SVG images of the real screen to screenshots/. Run: npm run screenshots
import xtermHeadless from '@xterm/headless';
import * as pty from 'node-pty';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { terminalToSvg } from './terminal-svg.mjs';

const { Terminal } = xtermHeadless;
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = new URL('../screenshots/', import.meta.url);
const COLS = 100;
const ROWS = 28;

const env = { ...process.env, TERM: 'xterm-256color', COLORTERM: 'truecolor' };
for (const key of Object.keys(env)) if (key === 'CI' || key.startsWith('PAGETUI_') || key === 'NO_COLOR') delete env[key];

const term = new Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
const app = pty.spawn(process.execPath, ['dist/pagetui.js', '--demo'], { name: 'xterm-256color', cols: COLS, rows: ROWS, cwd: root, env });
let pending = Promise.resolve();
app.onData((data) => {
  pending = new Promise((resolve) => term.write(data, resolve));
});

const screen = () => {
  const lines = [];
  for (let i = 0; i < ROWS; i++) lines.push(term.buffer.active.getLine(i)?.translateToString(true) ?? '');
  return lines.join('\n');
};

async function waitFor(test, timeoutMs = 15_000) {
  const check = typeof test === 'string' ? (s) => s.includes(test) : (s) => test.test(s);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await pending;
    if (check(screen())) return;
    if (Date.now() > deadline) throw new Error(`screenshots: timed out waiting for ${test}\n${screen()}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 250)).then(() => pending);

async function shot(name, title) {
  await settle();
  await writeFile(new URL(`${name}.svg`, outDir), terminalToSvg(term, title));
  console.log(`screenshots/${name}.svg`);
}

await mkdir(outDir, { recursive: true });
try {
  await waitFor('Evergreen Landing Pages');
  await shot('groups', 'pagetui: page groups');

  app.write('\r');
  await waitFor('grp-1-p1 ');
  app.write('j'.repeat(130));
  await waitFor('grp-1-p131 ');
  await waitFor('more available');
  await shot('pages', 'pagetui: pages of a group, mid-scroll');

  app.write('d');
  await waitFor('pageGroupId:');
  await shot('detail', 'pagetui: detail view');

  app.write('\u001b');
  await waitFor('PAGE ID');
  app.write('?');
  await waitFor('move down');
  await shot('help', 'pagetui: help');

  app.write('?');
  await waitFor('PAGE ID');
  app.write('\u001b');
  await waitFor('SLUG');
  app.write('jjj\r');
  await waitFor('VALIDATION_ERROR');
  await shot('validation-error', 'pagetui: a validation error in the status bar');

  app.write('\u001b');
  await waitFor('SLUG');
  app.write('j\r');
  await waitFor(/retry in [2-4]s/);
  await shot('rate-limit', 'pagetui: 429 with a live countdown');

  app.write('q');
} finally {
  setTimeout(() => app.kill(), 2000).unref();
}
