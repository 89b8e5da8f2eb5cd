/**
 * The start of every timed `G`: the app's group list loaded and quiet, then the group opened and
 * its first page drawn, so that `G` is the only thing the app does from then on.
 */

/**
 * @param {import('./pty-session.mjs').PtySession} app
 * @param {string} group the group id (its first page's id is `<group>-p1`)
 */
export async function openGroup(app, group) {
  await app.waitFor((s) => /all \d+ loaded/.test(s));
  await app.settle(300);
  app.write('\r');
  await app.waitFor(`${group}-p1 `);
  await app.settle();
}
