/**
 * The keychain library inside the single executable (docs/single-executable.md): the build embeds
 * @github/keytar's prebuilt binary as an asset, and the keychain child loads it from a copy in the
 * user's cache (a native module can only be loaded from a file). The copy is named by its content's
 * hash and compared with the asset before each use, so a stale or altered file is written again.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { buildVersion, compileCacheDir } from '../startup/compile-cache.js';
import type { Env } from './paths.js';

/** The asset's name in the executable (scripts/sea.mjs). */
const KEYTAR_ASSET = 'keytar.node';

type Sea = { isSea(): boolean; getRawAsset(name: string): ArrayBuffer };

function sea(): Sea | undefined {
  try {
    return process.getBuiltinModule('node:sea') as Sea | undefined;
  } catch {
    return undefined;
  }
}

/** Whether this process is the single executable (then process.execPath is pagetui itself). */
export function isSingleExecutable(): boolean {
  return sea()?.isSea() === true;
}

/**
 * The path of the embedded keytar, written under the cache folder if not there already; undefined
 * when the executable carries none or it cannot be written (the keychain is then "not available").
 */
export async function embeddedKeytarPath(env: Env): Promise<string | undefined> {
  let data: Buffer;
  try {
    data = Buffer.from(sea()!.getRawAsset(KEYTAR_ASSET));
  } catch {
    return undefined;
  }
  const dir = compileCacheDir(buildVersion(), env, 'native');
  if (dir === undefined) return undefined;
  const file = join(dir, `keytar-${createHash('sha256').update(data).digest('hex').slice(0, 16)}.node`);
  try {
    const existing = await readFile(file).catch(() => undefined);
    if (!existing?.equals(data)) await writeFileAtomic(file, data, 0o700);
    return file;
  } catch {
    return undefined;
  }
}
