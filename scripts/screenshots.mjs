// Drives the built app (`node dist/pagetui.js --demo`) in a real pseudo-terminal by keys and writes
// SVG images of the real screen to screenshots/. Run: npm run screenshots
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { BUNDLE, PtySession } from './lib/pty-session.mjs';
import { terminalToSvg } from './terminal-svg.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = new URL('../screenshots/', import.meta.url);

const app = new PtySession([process.execPath, BUNDLE, '--demo'], { cols: 100, rows: 28, cwd: root, env: { COLORTERM: 'truecolor' } });
const term = app.term;
const waitFor = (check) => app.waitFor(check, 15_000);
const settle = () => new Promise((r) => setTimeout(r, 250)).then(() => app.parsed);

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

  app.write('i');
  await waitFor('HTTP inspector');
  await shot('inspector', 'pagetui: the HTTP inspector, newest request first');
  app.write('jj\r');
  await waitFor('Request headers');
  await shot('inspector-request', 'pagetui: one request in the inspector (key redacted)');
  app.write('\u001b');
  await waitFor((screen) => !screen.includes('Request headers'));
  app.write('\u001b');
  await waitFor('PAGE ID');

  app.write('q');
} finally {
  setTimeout(() => app.kill(), 2000).unref();
}
