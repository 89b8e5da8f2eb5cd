/**
 * The floor for `G`: a bare undici loop over every cursor of one page group, run as its own
 * process like the app, with the app's request headers. Like the app it asks for compression
 * (`gzip, br`, and `zstd` where this Node's zlib has it) and decodes a page as the app does: read
 * whole, then one synchronous node:zlib call (a node:zlib stream per body costs about a third more
 * time over 1,000 pages); `identity` as the fifth argument asks for none (the floor as it was
 * before the app asked for compression).
 * Prints {"requests": n, "ms": t, "cpuMs": c, "encoding": "<what the server sent>"} as JSON (ms and
 * cpuMs over the loop only, start-up excluded, as the app's `G` is timed; startNs and endNs its
 * ends as CLOCK_MONOTONIC ns, for bench/g-where.mjs; rssMb its RSS at the end, though it keeps nothing).
 * Usage: node undici-loop.mjs <base-url> <api-key> <group-id> <limit> [identity]
 */
import * as zlib from 'node:zlib';
import { Agent, request } from 'undici';

const [base, key, group, limit, mode] = process.argv.slice(2);
const hasZstd = typeof zlib.createZstdDecompress === 'function';
const acceptEncoding = mode === 'identity' ? 'identity' : hasZstd ? 'gzip, br, zstd' : 'gzip, br';
const decoders = {
  gzip: zlib.gunzipSync,
  br: zlib.brotliDecompressSync,
  deflate: zlib.inflateSync,
  ...(hasZstd ? { zstd: zlib.zstdDecompressSync } : {}),
};

async function readJson(res) {
  const encoding = res.headers['content-encoding'];
  if (encoding === undefined || encoding === 'identity') return res.body.json();
  const decoder = decoders[encoding];
  if (decoder === undefined) throw new Error(`unexpected content-encoding ${encoding}`);
  return JSON.parse(decoder(Buffer.from(await res.body.arrayBuffer())).toString('utf8'));
}

const dispatcher = new Agent({ connections: 1 });
const startNs = Number(process.hrtime.bigint());
const started = performance.now();
const cpuAtStart = process.cpuUsage();
let cursor;
let requests = 0;
let sent = 'identity';
do {
  const url = new URL(`/v0/page_groups/${encodeURIComponent(group)}/pages`, base);
  url.searchParams.set('limit', limit);
  if (cursor) url.searchParams.set('cursor', cursor);
  const res = await request(url, { dispatcher, headers: { 'x-api-key': key, accept: 'application/json', 'accept-encoding': acceptEncoding, 'user-agent': 'pagetui/bench' } });
  sent = res.headers['content-encoding'] ?? 'identity';
  const body = await readJson(res);
  requests++;
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
  cursor = body.hasMore ? body.nextCursor : undefined;
} while (cursor);
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuAtStart);
const endNs = Number(process.hrtime.bigint());
const rssMb = process.memoryUsage().rss / (1024 * 1024);
await dispatcher.close();
process.stdout.write(`${JSON.stringify({ requests, ms, cpuMs: (cpu.user + cpu.system) / 1000, encoding: sent, startNs, endNs, rssMb })}\n`);
