/**
 * `pagetui doctor` through the built bundle on what the config file holds and on a key that
 * cannot be sent: the Config line says what the file holds and counts the problems `pagetui
 * config check` counts; a key too long for a header fails the API key line, and nothing is sent.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE } from '../helpers/pty-app.js';
import { runProcess, type ProcessOutput } from '../helpers/process-output.js';
import { cleanupTemp, isolatedEnv, type Env } from '../cli-auth/helpers.js';

const run = (args: readonly string[], env: Env): Promise<ProcessOutput> => runProcess(process.execPath, [BUNDLE, ...args], env);
const lineOf = (r: ProcessOutput, label: string): string => r.stdout.split('\n').find((l) => new RegExp(`^\\[\\w+\\] ${label} `).test(l)) ?? '';

function withConfig(config: unknown, extra: Env = {}): Env {
  const env = isolatedEnv(extra);
  const dir = join(env.XDG_CONFIG_HOME ?? '', 'pagetui');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'config.json'), typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return env;
}

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({});
});
afterAll(async () => {
  await demo.close();
  cleanupTemp();
});

const command = (key: string): unknown => ({ key, screen: 'pages', description: `Run ${key}`, argv: ['true', '{pageId}'] });

describe('pagetui doctor: the Config line', () => {
  it('says what the file holds: profiles, keys, commands, views and settings', async () => {
    const env = withConfig({
      profiles: { prod: { baseUrl: demo.url } },
      default: 'prod',
      theme: 'dark',
      keys: { filter: 'f', help: 'f1', details: 'D' },
      commands: ['f5', 'f6', 'f7', 'f8'].map(command),
      views: { drafts: { screen: 'groups', query: 'status:draft' }, heroes: { screen: 'pages', query: 'hero' } },
    });
    const line = lineOf(await run(['doctor'], env), 'Config');
    expect(line).toMatch(/^\[pass\] Config /);
    expect(line).not.toMatch(/none or empty/);
    expect(line).toMatch(/1 profile \(default "prod"\), 3 "keys" entries, 4 commands, 2 views; theme dark/);
  });

  it('counts the problems pagetui config check counts, view problems included', async () => {
    const env = withConfig([
      '{',
      '  "theme": "blue",',
      '  "keys": { "moveDwon": "j", "details": "hyper-g" },',
      '  "views": {',
      '    "": { "screen": "groups", "query": "" },',
      '    "bad": { "screen": "groups", "query": "((" },',
      '    "pv": { "screen": "pages", "query": "", "status": "draft" }',
      '  },',
      '  "default": "nope"',
      '}',
    ].join('\n'));
    const check = await run(['config', 'check'], env);
    const counted = /(\d+) problems/.exec(check.stderr)?.[1];
    expect(Number(counted)).toBeGreaterThanOrEqual(6);
    const line = lineOf(await run(['doctor'], env), 'Config');
    expect(line).toMatch(/^\[warn\] Config /);
    expect(line).toContain(`${counted} problems`);
  });
});

describe('pagetui doctor: an API key that cannot be sent', () => {
  it('a 131,000-character key fails the API key line with the reason; Service and Key accepted are not checked, nothing is sent', async () => {
    const before = demo.requests.length;
    const key = 'k'.repeat(130_996) + 'Uczj';
    const r = await run(['doctor', '--base-url', demo.url], isolatedEnv({ PAGETUI_API_KEY: key }));
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('kkkkkkkk');
    expect(lineOf(r, 'API key')).toMatch(/^\[FAIL\] API key +.*131,000 characters long; an API key is at most 4,096/);
    expect(lineOf(r, 'Service')).toMatch(/^\[skip\] Service +not contacted: the API key cannot be sent \(see API key\)/);
    expect(lineOf(r, 'Key accepted')).toMatch(/^\[skip\] Key accepted +not checked/);
    expect(r.stdout).not.toMatch(/\[FAIL\] (Service|Key accepted)/);
    expect(demo.requests.length).toBe(before);
  });

  it('a key with a line break in it is said the same way', async () => {
    const r = await run(['doctor', '--base-url', demo.url], isolatedEnv({ PAGETUI_API_KEY: 'abc\ndef' }));
    expect(lineOf(r, 'API key')).toMatch(/^\[FAIL\] API key +.*contains characters a header cannot carry/);
    expect(lineOf(r, 'Service')).toMatch(/^\[skip\] Service/);
  });
});
