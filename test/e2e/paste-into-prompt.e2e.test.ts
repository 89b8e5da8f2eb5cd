/**
 * A paste into the filter prompt (docs/keys-never-lost.md): the app has bracketed paste on while
 * it runs, so the terminal marks a paste, and what follows its first newline is dropped, never run
 * as keys of the list (a pasted `q` does not quit), while keys typed behind an Enter act.
 */
import { expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';

it('a pasted "form\\nq" into / keeps the filter "form" and does not quit; typed, the q would', async () => {
  const app = new PtyApp(['--demo'], { cols: 120, rows: 30 });
  try {
    await app.waitFor('Evergreen Landing Pages', 20_000);
    expect(app.term.modes.bracketedPasteMode).toBe(true);
    app.write('\r');
    await app.waitFor('grp-1-p1 ', 20_000);
    app.write('/');
    await app.waitFor('/ type to filter');
    app.write('\u001B[200~form\rq\u001B[201~');
    await app.waitFor('filter: "form"');
    app.write('j');
    await app.waitFor(/row 2 /);
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  } finally {
    app.kill();
  }
});
