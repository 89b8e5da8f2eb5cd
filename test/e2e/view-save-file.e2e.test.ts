/**
 * `V` in the built app, against a config file the user wrote by hand: only its "views" entry
 * changes (every other byte stays: order, indentation, CRLF, a byte-order mark), its permissions
 * stay, and a file that does not parse is never written, with a way out in the status bar.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;
const dirs: string[] = [];

beforeAll(async () => {
  server = await startDemoServer({});
});

afterAll(async () => {
  await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh home whose config file holds `text` with permissions `mode`. */
function homeWith(text: string, mode: number): { env: Record<string, string>; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pagetui-view-save-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'config', 'pagetui'), { recursive: true });
  const file = join(dir, 'config', 'pagetui', 'config.json');
  writeFileSync(file, text);
  chmodSync(file, mode);
  return { env: { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config') }, file };
}

async function saveView(env: Record<string, string>, name: string, expect: string): Promise<void> {
  const app = startApp(server, { env, cols: 160 });
  try {
    await app.waitFor('Evergreen Landing Pages');
    app.write('/');
    await app.waitFor('/ type to filter');
    app.write('status:draft\r');
    await app.waitFor('filter: "status:draft"');
    app.write('V');
    await app.waitFor('view name:');
    app.write(`${name}\r`);
    await app.waitFor(expect);
    app.write('q');
    await app.waitForExit();
  } finally {
    app.kill();
  }
}

const HAND_WRITTEN = [
  '\ufeff{',
  '\t"theme":   "dark",',
  '\t"profiles": { "prod": { "baseUrl": "https://pages.example.com" } },',
  '',
  '\t"views": {',
  '\t\t"stale": { "screen": "groups", "query": "updated>90d" }',
  '\t},',
  '\t"mouse": true',
  '}',
  '',
].join('\r\n');

describe('V saves into the config file', () => {
  it('changes only the "views" entry and keeps the rest byte for byte, and the file mode', async () => {
    const { env, file } = homeWith(HAND_WRITTEN, 0o640);
    await saveView(env, 'drafts', 'View "drafts" saved in');
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(HAND_WRITTEN.replace(
      '"query": "updated>90d" }\r\n',
      '"query": "updated>90d" },\r\n\t\t"drafts": { "screen": "groups", "query": "status:draft" }\r\n',
    ));
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });

  it('adds "views" at the end of a file without one, in its style', async () => {
    const text = '{\n    "theme": "light",\n    "timeout": 60\n}\n';
    const { env, file } = homeWith(text, 0o600);
    await saveView(env, 'drafts', 'View "drafts" saved in');
    expect(readFileSync(file, 'utf8')).toBe(
      '{\n    "theme": "light",\n    "timeout": 60,\n    "views": {\n        "drafts": {\n            "screen": "groups",\n            "query": "status:draft"\n        }\n    }\n}\n',
    );
  });

  it('never writes a file that does not parse, and says what to do', async () => {
    const text = '{ "theme": "dark", }\n';
    const { env, file } = homeWith(text, 0o600);
    await saveView(env, 'drafts', 'fix it (pagetui config check says where), then V again');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
