/**
 * A resize never changes what `G` is doing: the selection stays where it was while the rest of the list
 * loads, through any number of resizes, and then lands on the last row.
 */
import { afterEach, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import type { PtyApp } from '../helpers/pty-app.js';
import { startApp } from './power-helpers.js';

let server: DemoServer | undefined;
let app: PtyApp | undefined;

afterEach(async () => {
  app?.kill();
  await server?.close();
  app = server = undefined;
});

const loaded = (screen: string) => Number(/([\d,]+) loaded/.exec(screen)?.[1]?.replace(/,/g, '') ?? -1);

it('G follows the end through resizes and selects the last of 3,000 rows', async () => {
  server = await startDemoServer({ pages: 3000, latencyMs: 40 });
  app = startApp(server);
  await app.waitFor('Evergreen Landing Pages');
  app.write('\r');
  await app.waitFor('grp-1-p1 ');
  app.write('G');
  await app.waitFor('going to the end');
  const live = app;
  await live.waitFor((s) => loaded(s) >= 300);
  live.resize(90, 26);
  await live.waitFor((s) => loaded(s) >= 600);
  live.resize(110, 34);
  // Not "until 'going to the end' is gone": a screen read between a resize's clear and its redraw is blank.
  await live.waitFor((s) => s.includes('all 3,000 loaded'), 30_000);
  expect(live.screen()).not.toContain('going to the end');
  expect(live.isHighlighted(live.rowOf('grp-1-p3000 '))).toBe(true);
  live.write('q');
  expect((await live.waitForExit()).exitCode).toBe(0);
});
