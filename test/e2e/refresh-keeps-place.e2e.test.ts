/**
 * `r` keeps the user's place, through the built app in a pty against the demo server: the rows
 * stay on screen while the new listing loads, and a failed refresh changes nothing but the status
 * bar. (`r` during a rate-limit wait: test/faults/app-keeps-place.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import type { PtyApp } from '../helpers/pty-app.js';
import { requestsFor, startApp } from './power-helpers.js';

const PAGES = '/v0/page_groups/grp-1/pages';
const servers: DemoServer[] = [];
const apps: PtyApp[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) app.kill();
  for (const server of servers.splice(0)) await server.close();
});

async function demo(options: Parameters<typeof startDemoServer>[0]): Promise<DemoServer> {
  const server = await startDemoServer(options);
  servers.push(server);
  return server;
}

function launch(server: DemoServer): PtyApp {
  const app = startApp(server);
  apps.push(app);
  return app;
}

const selected = (app: PtyApp, id: string) => app.isHighlighted(app.rowOf(`${id} `));
const loadedCount = (screen: string) => Number(/([\d,]+) loaded/.exec(screen)?.[1]?.replace(/,/g, '') ?? -1);

async function openFirstGroup(app: PtyApp): Promise<void> {
  await app.waitFor('Evergreen Landing Pages');
  app.write('\r');
  await app.waitFor(() => selected(app, 'grp-1-p1'));
}

describe('refresh that fails', () => {
  it('keeps the rows, the selection and the place; r once the server is back lands on the same row', async () => {
    let server = await demo({ latencyMs: 300 });
    const port = server.port;
    const app = launch(server);
    await openFirstGroup(app);
    app.write('jjj');
    await app.waitFor(() => selected(app, 'grp-1-p4'));
    await app.waitFor('100 loaded');
    const rowsBefore = app.lines().filter((l) => /grp-1-p\d+ /.test(l));

    await server.close();
    servers.splice(servers.indexOf(server), 1);
    app.write('r');
    await app.waitFor(/CONNECTION_|NETWORK/);
    const screen = app.screen();
    expect(screen).not.toContain('Nothing loaded yet');
    expect(loadedCount(screen)).toBe(100);
    expect(app.lines().filter((l) => /grp-1-p\d+ /.test(l))).toEqual(rowsBefore);
    expect(selected(app, 'grp-1-p4')).toBe(true);
    // The failure and the way out are said; at 100 columns the detail ("Refresh failed: …") gives way to `E shows all`.
    expect(screen).toMatch(/CONNECTION_REFUSED: .*press r to retry/);

    // Keys still work on the rows shown; then the server comes back and r retries the refresh.
    app.write('j');
    await app.waitFor(() => selected(app, 'grp-1-p5'));
    server = await demo({ latencyMs: 300, port });
    const mark = server.requests.length;
    app.write('r');
    await app.waitFor(() => requestsFor(server, PAGES, mark).length >= 1 && !/Refreshing|Refresh failed/.test(app.screen()));
    await app.waitFor(() => selected(app, 'grp-1-p5'));
    expect(app.screen()).not.toMatch(/CONNECTION_|NETWORK/);
    expect(requestsFor(server, PAGES, mark)[0]?.query.cursor).toBeUndefined();
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  });
});

describe('refresh while rows are shown', () => {
  it('keeps them on screen, marked refreshing, and a move made meanwhile is where the selection lands', async () => {
    const server = await demo({ latencyMs: 300 });
    const app = launch(server);
    await openFirstGroup(app);
    app.write('jj');
    await app.waitFor(() => selected(app, 'grp-1-p3'));
    await app.waitFor('100 loaded');
    const mark = server.requests.length;
    const drawn = app.raw.length;

    app.write('r');
    await app.waitFor(/Refreshing/);
    expect(app.screen()).toContain('grp-1-p1 ');
    app.write('j');
    await app.waitFor(() => selected(app, 'grp-1-p4'));
    await app.waitFor(() => requestsFor(server, PAGES, mark).length >= 1 && !app.screen().includes('Refreshing'));
    expect(selected(app, 'grp-1-p4')).toBe(true);
    expect(app.raw.slice(drawn)).not.toContain('Loading…');
    expect(app.raw.slice(drawn)).not.toContain('Nothing loaded');
    app.write('j');
    await app.waitFor(() => selected(app, 'grp-1-p5'));
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  });
});
