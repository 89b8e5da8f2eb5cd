/**
 * What bench/client-path.mjs and bench/pager-path.mjs share: an entry of the app's code bundled
 * in this process (against this tree's src, or another tree's, for A/B), and the bare undici loop
 * over grp-1 in this process too (bench/lib/undici-loop.mjs is the same loop as a process of its
 * own), each timed in CPU milliseconds.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as zlib from 'node:zlib';
import { build } from 'esbuild';
import { Agent, request } from 'undici';

/** `entry` bundled into `outDir/name.cjs` against `srcDir` (this tree's src when undefined), and loaded. */
export async function bundleEntry(entry, outDir, name, srcDir) {
  const file = join(outDir, `${name}.cjs`);
  const plugins =
    srcDir === undefined
      ? []
      : [{ name: 'other-src', setup: (b) => b.onResolve({ filter: /^\.\.\/\.\.\/src\// }, (a) => ({ path: join(srcDir, a.path.replace(/^\.\.\/\.\.\/src\//, '').replace(/\.js$/, '.ts')) })) }];
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile: file, nodePaths: [fileURLToPath(new URL('../../node_modules', import.meta.url))], plugins, logLevel: 'error' });
  return createRequire(import.meta.url)(file);
}

const decoders = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync, deflate: zlib.inflateSync };

/** Every page of grp-1 on `server` (its url and apiKey) with a bare undici loop, as the app asks for them: its CPU ms. */
export async function bareLoopCpuMs(server) {
  const dispatcher = new Agent({ connections: 1 });
  const cpu = process.cpuUsage();
  let cursor;
  do {
    const url = new URL('/v0/page_groups/grp-1/pages', server.url);
    url.searchParams.set('limit', '100');
    if (cursor) url.searchParams.set('cursor', cursor);
    const res = await request(url, { dispatcher, headers: { 'x-api-key': server.apiKey, accept: 'application/json', 'accept-encoding': 'gzip, br', 'user-agent': 'pagetui/bench' } });
    const enc = res.headers['content-encoding'];
    const body = enc === undefined ? await res.body.json() : JSON.parse(decoders[enc](Buffer.from(await res.body.arrayBuffer())).toString('utf8'));
    cursor = body.hasMore ? body.nextCursor : undefined;
  } while (cursor);
  const used = process.cpuUsage(cpu);
  await dispatcher.close();
  return (used.user + used.system) / 1000;
}
