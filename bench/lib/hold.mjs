/**
 * Holding j at 30 keys/s on a slow server. Two kinds of stall are counted: frames in which the
 * selection sits on the last loaded row while more pages exist (the user would be waiting for
 * data), and keys after which no frame at all arrives within FROZEN_MS (the app is not answering;
 * an app that froze outright draws no frames, so the first count alone would read 0 for it).
 */
import { startApp } from './pty-session.mjs';
import { sleep } from './stats.mjs';

const GROUP = 'grp-1';
const PAGE_ID = new RegExp(`${GROUP}-p(\\d+)\\b`);
const LOADED = /([\d,]+) loaded, (more available|loading…)/;
/** A key not answered by any frame within this long counts as a stall. */
const FROZEN_MS = 200;

/**
 * @param {object} server a demo server with latency
 * @param {{seconds: number, keysPerSecond: number}} options
 */
export async function holdJ(server, { seconds, keysPerSecond }) {
  const app = startApp(server);
  try {
    await app.waitFor((s) => /all \d+ loaded/.test(s));
    app.write('\r');
    await app.waitFor(`${GROUP}-p1 `);
    await app.settle();

    let frames = 0;
    let stalls = 0;
    let lastSelected = 0;
    const frameTimes = [];
    const sentTimes = [];
    // Each update arrives as one write (the diff writer sends a frame's changes at once).
    const onFrame = ({ at }) => {
      frames++;
      frameTimes.push(at);
      const lines = app.lines();
      const row = app.highlightedRow();
      const selected = row >= 0 ? PAGE_ID.exec(lines[row] ?? '') : null;
      const loaded = lines.map((l) => LOADED.exec(l)).find(Boolean);
      if (!selected || !loaded) return;
      lastSelected = Number(selected[1]);
      if (lastSelected === Number(loaded[1].replaceAll(',', ''))) stalls++;
    };
    app.listeners.add(onFrame);
    const keys = Math.round(seconds * keysPerSecond);
    const started = performance.now();
    for (let i = 0; i < keys; i++) {
      sentTimes.push(performance.now());
      app.write('j');
      const next = started + ((i + 1) * 1000) / keysPerSecond;
      await sleep(Math.max(0, next - performance.now()));
    }
    await sleep(FROZEN_MS);
    await app.settle(300);
    app.listeners.delete(onFrame);
    await app.quit();
    const unanswered = sentTimes.filter((sent) => !frameTimes.some((at) => at >= sent && at <= sent + FROZEN_MS)).length;
    return { stalls: stalls + unanswered, waitingForData: stalls, unanswered, frames, keys, reached: lastSelected };
  } finally {
    app.kill();
  }
}
