/**
 * What a screen-reader test file shares: a demo server with the fault groups, a folder to run in,
 * and apps in a headless terminal, all gone after the file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { ReaderApp } from './reader-terminal.js';

export interface ReaderSuite {
  /** The folder the apps run in (exports land here). */
  readonly cwd: string;
  /** An app on the suite's server in a `cols`x`rows` terminal (the screen-reader mode unless `flags` say otherwise). */
  open(cols: number, rows: number, flags?: readonly string[]): ReaderApp;
  /** Keeps `app` (on another server) to be ended with the others. */
  keep(app: ReaderApp): ReaderApp;
}

export function readerSuite(prefix: string): ReaderSuite {
  let server: DemoServer | undefined;
  const cwd = mkdtempSync(join(tmpdir(), prefix));
  const apps: ReaderApp[] = [];
  beforeAll(async () => {
    server = await startDemoServer({ faults: true, pages: 500 });
  });
  afterAll(async () => {
    for (const app of apps) app.kill();
    await server?.close();
    rmSync(cwd, { recursive: true, force: true });
  });
  const keep = (app: ReaderApp): ReaderApp => {
    apps.push(app);
    return app;
  };
  return {
    cwd,
    keep,
    open(cols, rows, flags = ['--screen-reader']) {
      if (!server) throw new Error('the demo server is not started yet');
      return keep(new ReaderApp(['--base-url', server.url, ...flags], { cols, rows, cwd, env: { PAGETUI_API_KEY: server.apiKey } }));
    },
  };
}

/** The line the terminal's cursor is on: what "read current line" reads. */
export const cursorLine = (app: ReaderApp): string => app.lines()[app.cursor().y] ?? '';
