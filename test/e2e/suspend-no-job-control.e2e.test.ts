/**
 * Ctrl-z where no shell does job control: the app leads its own session (as under
 * `tmux new-session "exec pagetui"` or `ssh -t host pagetui`; the pty helper starts it so). It
 * must not leave the screen for a stop that never comes: it stays usable and says why.
 */
import { expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';

it('Ctrl-z in a session of its own keeps the screen and says suspending is not possible here', async () => {
  const app = new PtyApp(['--demo'], { cols: 120 });
  try {
    await app.waitFor('Evergreen Landing Pages');
    app.write('\x1a');
    await app.waitFor("Can't suspend here (no job control in this terminal)");
    expect(app.screen()).toContain('Evergreen Landing Pages');
    // Keys still reach the app (the terminal was not put back into cooked mode): q quits.
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  } finally {
    app.kill();
  }
});
