/**
 * A server (or a gateway in front of it) that echoes the API key back in every form it commonly
 * takes: another case, percent-encoded, form-encoded, JSON-escaped, HTML entities,
 * quoted-printable, base64 (alone and as Basic credentials), in the body and in headers. The built
 * CLI (`groups`) and the app in a pty, each with `--har` and `--log`: the key, in none of these
 * forms, is in stdout, stderr, the screen (the list's error, `E`, the inspector) or the files.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onLoopback } from '../helpers/loopback-server.js';
import { processOutput } from '../helpers/process-output.js';
import { BUNDLE, cleanEnv, PtyApp } from '../helpers/pty-app.js';

/** Mixed case, and regex-special characters that also change under URL and HTML encoding. */
const KEY = 'aB3dE6+gH9jK/2mN5pQ8=sT1v.W4*(x)$';

const b64 = (s: string): string => Buffer.from(s).toString('base64');
const entities = (s: string): string => [...s].map((c) => (/[A-Za-z0-9]/.test(c) ? c : `&#${c.charCodeAt(0)};`)).join('');
const unicodeEscaped = (s: string): string => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/** The forms the server echoes. */
function echoes(key: string): Record<string, string> {
  return {
    lower: key.toLowerCase(),
    upper: key.toUpperCase(),
    percent: encodeURIComponent(key),
    percentUpper: encodeURIComponent(key).toUpperCase(),
    percentLowerHex: encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    form: key.replaceAll('+', ' '),
    search: new URLSearchParams({ k: key }).toString(),
    base64: b64(key),
    basic: `Basic ${b64(`user:${key}`)}`,
    entities: entities(key),
    quotedPrintable: key.replaceAll('=', '=3D'),
    fragment: key.toLowerCase().slice(3, 12),
  };
}

const server = createServer((req, res) => {
  const key = String(req.headers['x-api-key'] ?? '');
  const forms = echoes(key);
  const reason = Object.entries(forms)
    .map(([name, form]) => `${name} ${form}`)
    .join(' | ');
  // The JSON-escaped form goes into the body text as it is (JSON.stringify would escape its backslashes).
  const body = JSON.stringify({ code: 'VALIDATION_ERROR', message: `bad key ${forms.lower}`, requestId: `r-${forms.upper}`, details: { field: 'x-api-key', reason } });
  res.writeHead(400, { 'content-type': 'application/json', 'x-echo': `${forms.percent} ${forms.base64} ${forms.upper}`, 'x-request-id': `id-${forms.lower}` });
  res.end(body.replace('"bad key ', `"escaped ${unicodeEscaped(key)} bad key `));
});
const base = onLoopback(server);

const dir = mkdtempSync(join(tmpdir(), 'pagetui-key-echo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The texts `text` could hide the key in, decoded one encoding each, lower-cased. */
function decodings(text: string): string[] {
  const hex = (h: string): string => String.fromCharCode(Number.parseInt(h, 16));
  return [
    text,
    text.replace(/%25([0-9a-f]{2})/gi, (_, h: string) => hex(h)).replace(/%([0-9a-f]{2})/gi, (_, h: string) => hex(h)),
    text.replaceAll(' ', '+'),
    text.replace(/\\u([0-9a-f]{4})/gi, (_, h: string) => hex(h)).replaceAll('\\/', '/'),
    text.replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d))).replace(/&#x([0-9a-f]+);/gi, (_, h: string) => hex(h)),
    text.replace(/=([0-9A-F]{2})/g, (_, h: string) => hex(h)),
  ].map((t) => t.toLowerCase());
}

/** Runs of 8 characters of the key and of its base64 at each byte offset, lower-cased. */
const RUNS = ((): string[] => {
  const runs = new Set<string>();
  const forms = [KEY, ...[0, 1, 2].map((offset) => b64('\0'.repeat(offset) + KEY).slice(offset === 0 ? 0 : offset + 1, -4))];
  for (const form of forms) for (let i = 0; i + 8 <= form.length; i++) runs.add(form.slice(i, i + 8).toLowerCase());
  return [...runs];
})();

function expectNoKey(what: string, text: string): void {
  expect(text.length, `${what} is empty`).toBeGreaterThan(0);
  for (const decoded of decodings(text)) {
    const leaked = RUNS.find((run) => decoded.includes(run));
    expect(leaked, `${what} holds "${leaked}" of the key`).toBeUndefined();
  }
}

describe('a server that echoes the key in every common form', () => {
  it('the test server does echo every form (so a leak would show)', async () => {
    const response = await fetch(`${base()}/v0/page_groups`, { headers: { 'x-api-key': KEY } });
    const text = await response.text();
    for (const form of Object.values(echoes(KEY))) expect(text.replace(/\\"/g, '"')).toContain(JSON.stringify(form).slice(1, -1));
    expect(() => expectNoKey('the raw body', text)).toThrow();
  });

  it('pagetui groups: stdout, stderr, the --har and --log files hold none of them', async () => {
    const har = join(dir, 'groups.har');
    const log = join(dir, 'groups.log');
    const child = spawn(process.execPath, [BUNDLE, 'groups', '--base-url', base(), '--max', '1', '--har', har, '--log', log], {
      env: cleanEnv({ PAGETUI_API_KEY: KEY }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const { code, stdout, stderr } = await processOutput(child);
    expect(code).toBe(5);
    expect(stderr).toContain('VALIDATION_ERROR');
    expect(stderr).toContain('••••');
    expectNoKey('stdout and stderr', `${stdout}\n${stderr}`);
    expectNoKey('the HAR file', readFileSync(har, 'utf8'));
    expectNoKey('the log file', readFileSync(log, 'utf8'));
  });

  it('the app: the list, the full error (E), the inspector, and its --har and --log files hold none of them', async () => {
    const har = join(dir, 'app.har');
    const log = join(dir, 'app.log');
    const app = new PtyApp(['--base-url', base(), '--har', har, '--log', log], { cols: 220, rows: 40, env: { PAGETUI_API_KEY: KEY } });
    const screens: string[] = [];
    try {
      screens.push(await app.waitFor((s) => s.includes('VALIDATION_ERROR') && s.includes('E shows all')));
      app.write('E');
      screens.push(await app.waitFor((s) => s.includes('Last error') && s.includes('Request id')));
      app.write('\u001b');
      await app.waitFor((s) => !s.includes('Last error'));
      app.write('i');
      screens.push(await app.waitFor('HTTP inspector'));
      app.write('\r');
      screens.push(await app.waitFor('x-echo'));
      app.write('q');
      app.write('q');
      await app.waitForExit();
    } finally {
      app.kill();
    }
    for (const [i, screen] of screens.entries()) expectNoKey(`screen ${i}`, screen);
    expectNoKey('everything the app wrote to the terminal', app.raw);
    expectNoKey('the HAR file', readFileSync(har, 'utf8'));
    expectNoKey('the log file', readFileSync(log, 'utf8'));
  });
});
