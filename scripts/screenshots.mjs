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

// A list being watched (`--watch 2`: the demo's grp-1 then churns), its new, changed and gone rows marked.
const watched = new PtySession([process.execPath, BUNDLE, '--demo', '--watch', '2'], { cols: 100, rows: 28, cwd: root, env: { COLORTERM: 'truecolor' } });
try {
  await watched.waitFor('Evergreen Landing Pages', 15_000);
  watched.write('\r');
  await watched.waitFor((s) => /New page \d+/.test(s) && /\(edit \d+\)/.test(s) && /\d+ gone/.test(s), 20_000);
  await new Promise((r) => setTimeout(r, 250));
  await writeFile(new URL('watch.svg', outDir), terminalToSvg(watched.term, 'pagetui: a watched list, new, changed and gone rows marked'));
  console.log('screenshots/watch.svg');
  watched.write('q');
} finally {
  setTimeout(() => watched.kill(), 2000).unref();
}

// The quota gauge and pacing: a demo server that announces a quota of 30 requests a minute, and `G`.
// A fixed port, so that the URL in the header (and the image) is the same at every run.
const server = new PtySession([process.execPath, BUNDLE, 'demo-server', '--port', '47330', '--quota', '30', '--window', '60'], { cols: 120, rows: 5, cwd: root, env: {} });
try {
  const line = await server.waitFor(/http:\/\/127\.0\.0\.1:\d+/, 15_000);
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line)?.[0] ?? '';
  const paced = new PtySession([process.execPath, BUNDLE, '--base-url', url], { cols: 100, rows: 28, cwd: root, env: { COLORTERM: 'truecolor', PAGETUI_API_KEY: 'demo-key' } });
  try {
    await paced.waitFor('Evergreen Landing Pages', 15_000);
    paced.write('\r');
    await paced.waitFor('grp-1-p1 ', 15_000);
    paced.write('G');
    await paced.waitFor(/pacing: \d+ left, resets at \d\d:\d\d:\d\d/, 20_000);
    await new Promise((r) => setTimeout(r, 250));
    await writeFile(new URL('pacing.svg', outDir), terminalToSvg(paced.term, 'pagetui: G paced by the quota, with the gauge'));
    console.log('screenshots/pacing.svg');
    paced.write('q');
  } finally {
    setTimeout(() => paced.kill(), 2000).unref();
  }
} finally {
  setTimeout(() => server.kill(), 2500).unref();
}
