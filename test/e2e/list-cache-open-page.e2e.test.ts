/**
 * `pagetui open <group> <page>` when the list cache remembers another page of that group selected
 * beyond the rows it keeps (docs/cache.md): the page named on the command line is the one selected,
 * and the remembered one is not sought after it (it was: the app went on loading to last session's
 * row and moved the selection there). The server answers after 50 ms, as a real one does: the
 * cached rows are then on screen when the search begins.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import type { PtyApp } from '../helpers/pty-app.js';
import { requestsFor, startApp } from './power-helpers.js';

let server: DemoServer;
const cacheHome = mkdtempSync(join(tmpdir(), 'pagetui-cache-open-'));

beforeAll(async () => {
  server = await startDemoServer({ pages: 3000, latencyMs: 50 });
});
afterAll(async () => {
  await server.close();
  rmSync(cacheHome, { recursive: true, force: true });
});

const GRP1 = '/v0/page_groups/grp-1/pages';

function open(pageId: string): PtyApp {
  return startApp(server, { env: { PAGETUI_CACHE: undefined, XDG_CACHE_HOME: cacheHome } }, ['open', 'grp-1', pageId]);
}

/** Waits until `pageId` is the selected row and said found. */
async function landedOn(app: PtyApp, pageId: string): Promise<void> {
  await app.waitFor(new RegExp(`row [\\d,]+ \\(${pageId}\\)`), 15_000);
  await app.waitFor(() => app.isHighlighted(app.rowOf(`${pageId} `)), 5000);
}

async function quit(app: PtyApp): Promise<void> {
  app.write('q');
  expect((await app.waitForExit()).exitCode).toBe(0);
}

describe('pagetui open <group> <page> over a cached selection beyond the rows kept', () => {
  it('selects the page named, further on than the cached one or on the first page, and seeks nothing else', async () => {
    const first = open('grp-1-p250');
    await landedOn(first, 'grp-1-p250');
    await quit(first);

    const further = open('grp-1-p600');
    await landedOn(further, 'grp-1-p600');
    await quit(further);

    const mark = server.requests.length;
    const near = open('grp-1-p1');
    await landedOn(near, 'grp-1-p1');
    // Give a wrong search time to start: the list would load on towards row 600.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(near.screen()).not.toContain('Looking for page');
    expect(near.isHighlighted(near.rowOf('grp-1-p1 '))).toBe(true);
    expect(requestsFor(server, GRP1, mark).length).toBeLessThanOrEqual(2);
    await quit(near);
  }, 60_000);
});
