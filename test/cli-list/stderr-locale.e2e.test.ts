/**
 * What the commands write to a terminal whose locale is not UTF-8: their messages on stderr (and
 * `config check`'s report) are ASCII, by the rule the app's screen and the table follow; with
 * --utf8 or a UTF-8 locale, and when stderr is piped, they keep UTF-8. Every `pagetui:` line has
 * single spaces.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, cleanEnv, PtyApp } from '../helpers/pty-app.js';
import { processOutput } from '../helpers/process-output.js';
import { freePort } from '../helpers/free-port.js';

let server: DemoServer;
let config: string;
beforeAll(async () => {
  server = await startDemoServer({ pages: 20 });
  config = mkdtempSync(join(tmpdir(), 'pagetui-stderr-locale-'));
  mkdirSync(join(config, 'pagetui'));
  writeFileSync(join(config, 'pagetui', 'config.json'), '{\n  "theme": "purple",\n  "views": { "v": { "screen": "groups", "query": "updated>>" } }\n}\n');
});
afterAll(async () => {
  await server.close();
  rmSync(config, { recursive: true, force: true });
});

const NON_ASCII = /[^\u0000-\u007f]/;
const C_LOCALE = { LANG: 'C', LC_ALL: 'C', LC_CTYPE: undefined };

async function commands(): Promise<[string, string[]][]> {
  return [
    ['pages nosuch', ['pages', 'nosuch', '--base-url', server.url]],
    ['groups against a dead URL', ['groups', '--base-url', `http://127.0.0.1:${await freePort()}`]],
    ['config check with problems', ['config', 'check']],
  ];
}

const env = (locale: Record<string, string | undefined>): Record<string, string | undefined> => ({ PAGETUI_API_KEY: server.apiKey, XDG_CONFIG_HOME: config, ...locale });

async function inPty(args: readonly string[], locale: Record<string, string | undefined>): Promise<string> {
  const app = new PtyApp(args, { cols: 300, env: env(locale) });
  try {
    const exit = await app.waitForExit(20_000);
    expect(exit.exitCode).not.toBe(0);
    return app.raw;
  } finally {
    app.kill();
  }
}

/** The text around the first character outside ASCII, or '' when there is none. */
const firstNonAscii = (text: string): string => {
  const at = NON_ASCII.exec(text);
  return at ? text.slice(Math.max(0, at.index - 40), at.index + 10) : '';
};

describe('messages of the commands in a terminal that is not UTF-8', () => {
  it('are ASCII under LANG=C, with single spaces', async () => {
    for (const [name, args] of await commands()) {
      const raw = await inPty(args, C_LOCALE);
      expect(raw, name).toMatch(/pagetui: /);
      expect(firstNonAscii(raw), name).toBe('');
      for (const line of raw.split(/\r?\n/).filter((l) => l.startsWith('pagetui: '))) expect(line, name).not.toMatch(/\S {2,}\S| [,.;:!?)](?:\s|$)/);
    }
  });

  it('keep UTF-8 with --utf8 and under a UTF-8 locale', async () => {
    expect(await inPty(['pages', 'nosuch', '--base-url', server.url, '--utf8'], C_LOCALE)).toMatch(NON_ASCII);
    expect(await inPty(['pages', 'nosuch', '--base-url', server.url], { LANG: 'C.UTF-8', LC_ALL: undefined })).toMatch(NON_ASCII);
  });

  it('keep UTF-8 under LANG=C when stderr is piped', async () => {
    const child = spawn(process.execPath, [BUNDLE, 'pages', 'nosuch', '--base-url', server.url], { env: cleanEnv(env(C_LOCALE)), stdio: ['ignore', 'pipe', 'pipe'] });
    const r = await processOutput(child);
    expect(r.stderr).toMatch(NON_ASCII);
  });
});
