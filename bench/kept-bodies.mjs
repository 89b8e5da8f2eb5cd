#!/usr/bin/env node
// What keeping an uncompressed page costs (src/api/pager/page-source.ts): CPU per page and bytes
// kept per page for each way of compressing it, over the first pages of a demo-server shape as a
// server that does not compress sends them. CPU is process.cpuUsage() (every thread), the best of
// --passes passes over the pages (run on a shared machine, the best pass is the least disturbed).
// `async` is node:zlib's callback form (the thread pool and a stream around each call), one page
// at a time as the app takes them; the others are the synchronous calls. `dict` variants are raw
// deflate with the shape's first page (its last 32 KB) as the dictionary.
//   node bench/kept-bodies.mjs [--shapes long,custom,mixed] [--pages 300] [--passes 3]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import * as zlib from 'node:zlib';
import { startServer } from './lib/demo-server.mjs';

const { values } = parseArgs({
  options: {
    shapes: { type: 'string', default: 'long,custom,mixed' },
    pages: { type: 'string', default: '300' },
    passes: { type: 'string', default: '3' },
  },
});

async function bodiesOf(shape, count) {
  const server = await startServer({ pages: count * 100, shape, compress: false });
  const bodies = [];
  let cursor;
  try {
    for (let i = 0; i < count; i++) {
      const url = new URL('/v0/page_groups/grp-1/pages', server.url);
      url.searchParams.set('limit', '100');
      if (cursor) url.searchParams.set('cursor', cursor);
      const res = await fetch(url, { headers: { 'x-api-key': server.apiKey, 'accept-encoding': 'identity' } });
      const body = Buffer.from(await res.arrayBuffer());
      bodies.push(body);
      cursor = JSON.parse(body.toString('utf8')).nextCursor;
    }
  } finally {
    await server.close();
  }
  return bodies;
}

function variants(dictionary) {
  const dict = (level) => ({ fn: 'deflateRaw', options: { level, dictionary }, inflate: (b) => zlib.inflateRawSync(b, { dictionary }) });
  const plain = (level) => ({ fn: 'deflate', options: { level }, inflate: (b) => zlib.inflateSync(b) });
  const brotli = (quality) => ({ fn: 'brotliCompress', options: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }, inflate: (b) => zlib.brotliDecompressSync(b) });
  return {
    'deflate 6, async (before)': { ...plain(6), async: true },
    'deflate 6': plain(6),
    'deflate 1': plain(1),
    'deflate 3': plain(3),
    'dict 1': dict(1),
    'dict 2': dict(2),
    'dict 3': dict(3),
    'dict 4': dict(4),
    'dict 5 (kept)': dict(5),
    'dict 6': dict(6),
    'brotli 0': brotli(0),
    'brotli 1': brotli(1),
    'brotli 2': brotli(2),
  };
}

function cpuMs(since) {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

async function measure(bodies, variant) {
  let best = Infinity;
  let bytes = 0;
  for (let pass = 0; pass < Number(values.passes); pass++) {
    const start = process.cpuUsage();
    bytes = 0;
    for (const body of bodies) {
      const out = variant.async
        ? await new Promise((resolve, reject) => zlib[variant.fn](body, variant.options, (error, result) => (error ? reject(error) : resolve(result))))
        : zlib[`${variant.fn}Sync`](body, variant.options);
      bytes += out.byteLength;
    }
    best = Math.min(best, cpuMs(start));
  }
  const kept = bodies.slice(0, 100).map((b) => zlib[`${variant.fn}Sync`](b, variant.options));
  const start = process.cpuUsage();
  for (const k of kept) variant.inflate(k);
  return { cpu: best / bodies.length, kb: bytes / bodies.length / 1024, readMs: cpuMs(start) / kept.length };
}

const load = loadavg()[0];
const lines = ['| shape | way | CPU ms a page | KB kept a page | reading a page back, ms |', '|---|---|---|---|---|'];
for (const shape of values.shapes.split(',')) {
  const all = await bodiesOf(shape, Number(values.pages) + 1);
  const [first, ...bodies] = all;
  const raw = bodies.reduce((sum, b) => sum + b.byteLength, 0) / bodies.length / 1024;
  lines.push(`| ${shape} | as it came | 0 | ${raw.toFixed(1)} | 0 |`);
  for (const [name, variant] of Object.entries(variants(first.subarray(Math.max(0, first.byteLength - 32 * 1024))))) {
    const m = await measure(bodies, variant);
    lines.push(`| ${shape} | ${name} | ${m.cpu.toFixed(3)} | ${m.kb.toFixed(2)} | ${m.readMs.toFixed(3)} |`);
  }
}
process.stdout.write(`node ${process.versions.node}, load average ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}\n\n${lines.join('\n')}\n`);
process.exit(0);
