/**
 * Holding j at 30 keys/s on a slow server: counts the frames in which the selection sits on the
 * last loaded row while more pages exist (the user would be waiting for data).
 */
import { startApp } from './pty-session.mjs';
import { sleep } from './stats.mjs';

const GROUP = 'grp-1';
const PAGE_ID = new RegExp(`${GROUP}-p(\\d+)\\b`);
const LOADED = /([\d,]+) loaded, (more available|loading…)/;

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
    // Each update arrives as one write (the diff writer sends a frame's changes at once).
    const onFrame = () => {
      frames++;
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
      app.write('j');
      const next = started + ((i + 1) * 1000) / keysPerSecond;
      await sleep(Math.max(0, next - performance.now()));
    }
    await app.settle(300);
    app.listeners.delete(onFrame);
    await app.quit();
    return { stalls, frames, keys, reached: lastSelected };
  } finally {
    app.kill();
  }
}
