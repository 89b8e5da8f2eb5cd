/** The built command over the compressing demo server: what `pages` and `demo-server --help` print. */
import { execFile, execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpText } from '../../src/cli/help.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';

const bundle = new URL('../../dist/pagetui.js', import.meta.url).pathname;
let compressing: DemoServer;

beforeAll(async () => {
  compressing = await startDemoServer({ faults: true });
});
afterAll(async () => {
  await compressing.close();
});

describe('the built command over compression', () => {
  it('prints the items and nothing on stderr (no warning from the decoder)', async () => {
    const env = { PATH: process.env.PATH ?? '', PAGETUI_API_KEY: compressing.apiKey, PAGETUI_BASE_URL: compressing.url, XDG_CONFIG_HOME: '/nonexistent-pagetui-test-config' };
    const before = compressing.requests.length;
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      execFile(process.execPath, [bundle, 'pages', 'grp-1', '--json', '--max', '300'], { env }, (error, out, err) => (error ? reject(error) : resolve({ stdout: out, stderr: err })));
    });
    expect(stderr).toBe('');
    expect(stdout.split('\n').filter((l) => l !== '')).toHaveLength(300);
    expect(compressing.requests.slice(before).every((r) => r.encoding === 'br')).toBe(true);
  });
});

describe('--no-compress', () => {
  it('is documented in pagetui demo-server --help', () => {
    const shown = execFileSync(process.execPath, [bundle, 'demo-server', '--help'], { encoding: 'utf8' });
    expect(shown).toBe(helpText('demo-server'));
    expect(shown).toMatch(/--no-compress +Never compress; by default responses are gzip- or br-encoded/);
  });
});
