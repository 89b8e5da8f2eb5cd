/**
 * Node built-ins the start-up path must not load: node:http2 (undici's HTTP/2 client, ~10 ms on
 * Node 20 and ~25 ms on Node 24, for connections that never negotiate h2), Node's own copy of
 * undici (which an ES import of node:http evaluates on Node >= 22), and for the commands
 * node:child_process (~5 ms, for the keychain, which a key in the environment never needs). Checked through
 * process.moduleLoadList at exit, for `groups --json` and for the interactive app.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, cleanEnv, PtyApp } from '../helpers/pty-app.js';

const work = mkdtempSync(join(tmpdir(), 'pagetui-builtins-'));
const preload = join(work, 'report-builtins.cjs');
const UNWANTED = /http2|internal\/deps\/undici/;
/**
 * ink loads node:child_process itself (terminal-size); the commands need not. Nor what an ES
 * import of node:crypto or node:net loads for its facade (Node reads every export of an imported
 * built-in, running its lazy getters: ~40 ms on Node 24), which the build avoids by require().
 */
const UNWANTED_BY_COMMANDS = /http2|internal\/deps\/undici|child_process|internal\/crypto\/webcrypto|internal\/blocklist/;
let server: DemoServer;

beforeAll(async () => {
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(process.env.BUILTINS_REPORT, process.moduleLoadList.join('\\n')));\n`,
  );
  server = await startDemoServer();
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const report = (name: string) => join(work, `${name}.txt`);
const unwantedIn = (file: string, unwanted = UNWANTED) => readFileSync(file, 'utf8').split('\n').filter((line) => unwanted.test(line));

describe('built-ins on the start-up path', () => {
  it('groups --json loads none of them', async () => {
    const env = cleanEnv({ PAGETUI_API_KEY: server.apiKey, BUILTINS_REPORT: report('groups') });
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, ['--require', preload, BUNDLE, 'groups', '--json', '--base-url', server.url], { env }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    expect(unwantedIn(report('groups'), UNWANTED_BY_COMMANDS)).toEqual([]);
  });

  it('the app, up to its first rows, loads none of them', async () => {
    const app = new PtyApp(['--base-url', server.url], {
      env: { PAGETUI_API_KEY: server.apiKey, BUILTINS_REPORT: report('app'), NODE_OPTIONS: `--require ${preload}` },
    });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
    expect(unwantedIn(report('app'))).toEqual([]);
  });
});
