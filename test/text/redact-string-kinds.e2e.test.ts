/**
 * The redactor reads header values, paths, cursors and bodies: strings of many kinds in V8 (one or
 * two bytes a character; flat, concatenated, sliced, internalized). Searching a page among them, as
 * the exchange log does for every request of `G`, must cost about what it costs alone (it cost five
 * times as much). Timed in processes of their own, over the code bundled as the app bundles it (the
 * test runner's module wrappers change how V8 compiles it).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const scratch = mkdtempSync(join(tmpdir(), 'pagetui-redact-kinds-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Run in a child: the CPU time to search 1,000 pages (best of 3 rounds), each page after the strings a
 * request's record holds (header values, path, cursor) when the argument is `every-kind`, as the
 * exchange log searches them; only the pages' searches are timed.
 */
const PROGRAM = `
const { secretRedactor } = require('./redact.cjs');
const redact = secretRedactor('demo-key');
const page = (n) => JSON.stringify({
  hasMore: true,
  items: Array.from({ length: 100 }, (_, i) => ({
    pageId: 'grp-1-p' + (n * 100 + i), pageGroupId: 'grp-1', tenantId: 'tenant-demo',
    createdAt: '2024-07-05T23:12:40.925Z', effectiveName: 'Homepage hero test B ' + (n * 7919 + i).toString(36) + '-' + i,
  })),
  nextCursor: 'c' + n,
});
const pages = Array.from({ length: 20 }, (_, n) => page(n));
const everyKind = [];
const internalized = {};
for (let i = 0; i < 20; i++) {
  const latin1 = Buffer.from('header-value-number-' + i).toString('latin1');
  internalized[latin1] = i;
  everyKind.push(
    latin1,
    'application/json; charset=utf-8',
    'cons-' + i + 'string-value-long',
    ('/v0/page_groups/grp-1/pages?limit=100&cursor=' + 'x'.repeat(20) + i).slice(2),
    'twobyte-\\u00e4-value-' + i,
    JSON.parse('"jsonstr-' + i + '-value"'),
    Buffer.from('two-\\u20ac-byte ' + i).toString('utf8'),
  );
}
const withOthers = process.argv[2] === 'every-kind';
let read = 0;
const search = () => {
  let us = 0;
  for (let i = 0; i < 1000; i++) {
    if (withOthers) for (let k = 0; k < 15; k++) read += redact.text(everyKind[(i * 15 + k) % everyKind.length]).length;
    const start = process.cpuUsage();
    read += redact.text(pages[i % pages.length]).length;
    const used = process.cpuUsage(start);
    us += used.user + used.system;
  }
  return us / 1000;
};
search();
search();
process.stdout.write(JSON.stringify({ ms: Math.min(search(), search(), search()), read }));
`;

describe('the redactor over strings of every kind', () => {
  it('searches pages among them about as fast as alone', async () => {
    const bundled = await build({
      entryPoints: [fileURLToPath(new URL('../../src/text/redact.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      write: false,
      logLevel: 'silent',
    });
    writeFileSync(join(scratch, 'redact.cjs'), bundled.outputFiles[0]!.text);
    writeFileSync(join(scratch, 'search.cjs'), PROGRAM);
    const searchMs = async (...args: string[]): Promise<number> => {
      const { stdout } = await promisify(execFile)(process.execPath, [join(scratch, 'search.cjs'), ...args], { cwd: scratch });
      return (JSON.parse(stdout) as { ms: number }).ms;
    };
    const alone = await searchMs();
    const amongEveryKind = await searchMs('every-kind');
    expect(amongEveryKind, `${amongEveryKind.toFixed(1)} ms among strings of every kind, ${alone.toFixed(1)} ms alone`).toBeLessThan(alone * 2);
  });
});
