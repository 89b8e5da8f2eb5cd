/**
 * Every command in the README's `sh` blocks, run verbatim as a new user would: in a copy of the
 * repository as a clone has it (tracked and unignored files, no node_modules, no dist/), with a
 * fresh HOME and the `pagetui` that `npm install -g ./pagetui-*.tgz` put on PATH.
 *
 * The commands against "your service" reach https://pages.example.com through a proxy of the
 * test's own (HTTPS_PROXY), which tunnels to a TLS front of the demo server whose certificate a
 * test CA signed (NODE_EXTRA_CA_CERTS; test/fixtures/tls/README.md): the README's lines run as
 * written. `npm ci && npm test` is the one command not run here (it would run this file): CI runs
 * it verbatim, which the last case checks.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { connect as netConnect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { cleanEnv, PtyApp } from '../helpers/pty-app.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const fixtures = join(root, 'test/fixtures/tls');

/** Each line of each ```sh block of the README, as written. */
function readmeCommands(): string[] {
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  return blocks.flatMap((b) => b.split('\n').filter((line) => line.trim() !== ''));
}

/** The part of a README line before its comment, to find the line in the table below. */
const commandOf = (line: string): string => line.replace(/\s+#.*$/, '').trim();

const work = mkdtempSync(join(tmpdir(), 'pagetui-readme-'));
const clone = join(work, 'pagetui');
const home = join(work, 'home');
const prefix = join(work, 'prefix');
let demo: DemoServer;
let tlsFront: Server | ReturnType<typeof createTlsServer>;
let proxy: Server;
let proxyUrl = '';

/** The environment of every command: a fresh HOME, the installed pagetui first on PATH, no key. */
function userEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    PATH: `${join(prefix, 'bin')}:${process.env['PATH'] ?? ''}`,
    // `npm install -g` installs into this folder, not the machine's; npm reuses its cache.
    npm_config_prefix: prefix,
    npm_config_prefer_offline: 'true',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    // No keychain here (no D-Bus session): `pagetui login` offers the 0600 file.
    DBUS_SESSION_BUS_ADDRESS: '',
    HTTPS_PROXY: proxyUrl,
    NODE_EXTRA_CA_CERTS: join(fixtures, 'ca.pem'),
    ...extra,
  };
}

interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a README line with sh in the clone; its output and exit status. Never spawnSync: a long
 * synchronous wait starves the test worker's connection to vitest.
 */
function sh(line: string, timeout = 180_000, env: Record<string, string> = userEnv()): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', line], { cwd: clone, env: cleanEnv(env), timeout });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs a README line with sh in a pty in the clone. */
const inPty = (line: string): PtyApp => new PtyApp([], { cwd: clone, env: userEnv(), cols: 100, rows: 30 }, { file: 'sh', args: ['-c', line] });

beforeAll(async () => {
  // A clone's files: what git tracks, plus new files not ignored (so uncommitted work is tried too).
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f !== '');
  for (const file of files) {
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    try {
      copyFileSync(join(root, file), join(clone, file));
    } catch {
      // deleted in the working tree but not yet in the index
    }
  }
  mkdirSync(home, { recursive: true });

  demo = await startDemoServer({ pages: 300 });
  const demoPort = Number(new URL(demo.url).port);
  const tls = createTlsServer(
    { key: readFileSync(join(fixtures, 'server-key.pem')), cert: readFileSync(join(fixtures, 'server.pem')) },
    (socket) => socket.pipe(netConnect(demoPort, '127.0.0.1')).pipe(socket).on('error', () => socket.destroy()),
  );
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
  tlsFront = tls;
  const tlsPort = (tls.address() as AddressInfo).port;
  // A forward proxy that tunnels CONNECT pages.example.com:443 to the TLS front, and nothing else.
  proxy = createHttpServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, socket, head) => {
    if (req.url !== 'pages.example.com:443') {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = netConnect(tlsPort, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  proxy?.close();
  tlsFront?.close();
  await demo?.close();
  rmSync(work, { recursive: true, force: true });
}, 120_000);

/** What each README command is checked for, in the README's order (one user's session). */
const CHECKS: Record<string, (line: string) => Promise<void> | void> = {
  'npm ci && npm run demo': async (line) => {
    const app = inPty(line);
    try {
      await app.waitFor('Evergreen Landing Pages', 240_000);
      app.write('q');
      expect((await app.waitForExit(20_000)).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  },
  'npm ci && npm test': (line) => {
    // Run verbatim by CI's first phase (.ci/run), not here: this file is part of it.
    expect(readFileSync(join(root, '.ci/run'), 'utf8').split('\n').map((l) => l.trim())).toContain(line);
  },
  'npm pack': async (line) => {
    const r = await sh(line);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/pagetui-\d+\.\d+\.\d+\.tgz/);
  },
  'npm install -g ./pagetui-*.tgz': async (line) => {
    const r = await sh(line);
    expect(r.status, r.stderr).toBe(0);
  },
  'pagetui --version': async (line) => {
    const r = await sh(line);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^pagetui \d+\.\d+\.\d+\n$/);
    expect(execFileSync('sh', ['-c', 'command -v pagetui'], { env: cleanEnv(userEnv()), encoding: 'utf8' })).toContain(prefix);
  },
  'npx --yes ./pagetui-*.tgz --version': async (line) => {
    const r = await sh(line);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/pagetui \d+\.\d+\.\d+/);
  },
  'npm run sea': async (line) => {
    const r = await sh(line, 600_000);
    expect(r.status, r.stderr).toBe(0);
  },
  'dist/sea/pagetui-linux-x64 --version': async (line) => {
    // No node on PATH: the executable carries its own.
    const r = await sh(line, 60_000, { ...userEnv(), PATH: '/usr/bin:/bin' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^pagetui \d+\.\d+\.\d+\n$/);
  },
  'pagetui login --base-url https://pages.example.com': async (line) => {
    const app = inPty(line);
    try {
      // No keychain here: the prompt says so and asks about the 0600 file before the key.
      await app.waitFor(/\(y\/N\)/, 20_000);
      app.write('y');
      await app.waitFor('Key:', 20_000);
      app.write('sk-readme-key-0001\r');
      await app.waitFor(/Saved the key/, 20_000);
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  },
  pagetui: async (line) => {
    const app = inPty(line);
    try {
      await app.waitFor('Evergreen Landing Pages', 20_000);
      expect(app.screen()).toContain('pages.example.com');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  },
  'pagetui open grp-1 grp-1-p250': async (line) => {
    const app = inPty(line);
    try {
      // The page's row is drawn selected, and the status bar says where it is.
      await app.waitFor((s) => s.includes('row 250') && app.isHighlighted(app.rowOf('grp-1-p250 ')), 20_000);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  },
  'pagetui doctor --demo': async (line) => {
    const r = await sh(line);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/node/i);
  },
  'pagetui config check': async (line) => {
    const r = await sh(line);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toContain('config.json');
  },
  'pagetui keys': async (line) => {
    const r = await sh(line);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/moveDown/);
  },
  'pagetui groups --demo --format csv --max 3': async (line) => {
    const r = await sh(line);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/pageGroupId/);
  },
  'pagetui cache clear': async (line) => {
    const r = await sh(line);
    expect(r.status, r.stderr).toBe(0);
  },
  'pagetui groups --demo --json --max 3': async (line) => {
    const r = await sh(line);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { pageGroupId: string }).pageGroupId)).toHaveLength(3);
  },
  'pagetui pages grp-1 --demo --json --max 5': async (line) => {
    const r = await sh(line);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { pageId: string }).pageId)).toEqual([
      'grp-1-p1',
      'grp-1-p2',
      'grp-1-p3',
      'grp-1-p4',
      'grp-1-p5',
    ]);
  },
  'pagetui pages grp-1 --demo --max 5': async (line) => {
    const r = await sh(line);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('grp-1-p5');
    expect(r.stdout.trim().split('\n')).toHaveLength(6);
  },
  'pagetui demo-server --port 8080 --pages 500': async (line) => {
    const child = spawn('sh', ['-c', `exec ${line}`], { cwd: clone, env: cleanEnv(userEnv()) });
    try {
      let said = '';
      child.stdout.on('data', (d: Buffer) => (said += d.toString()));
      child.stderr.on('data', (d: Buffer) => (said += d.toString()));
      const deadline = Date.now() + 20_000;
      while (!said.includes('8080') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
      expect(said).toContain('8080');
      const res = await fetch('http://127.0.0.1:8080/v0/page_groups?limit=1', { headers: { 'x-api-key': 'any' } });
      expect(res.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  },
};

describe("the README's commands, verbatim", () => {
  it('are all checked here, and nothing here is missing from the README', () => {
    const inReadme = readmeCommands().map(commandOf);
    expect(inReadme.filter((c) => !(c in CHECKS))).toEqual([]);
    expect(Object.keys(CHECKS).filter((c) => !inReadme.includes(c))).toEqual([]);
  });

  // One user's session, in the README's order: each step uses what the one before it made.
  for (const line of readmeCommands()) {
    const check = CHECKS[commandOf(line)];
    if (check) it(commandOf(line), () => check(line), 600_000);
  }
});
