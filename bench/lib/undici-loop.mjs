/**
 * The floor for `G`: a bare undici loop over every cursor of one page group, run as its own
 * process like the app. Prints {"requests": n, "ms": t} as JSON.
 * Usage: node undici-loop.mjs <base-url> <api-key> <group-id> <limit>
 */
import { Agent, request } from 'undici';

const [base, key, group, limit] = process.argv.slice(2);
const dispatcher = new Agent({ connections: 1 });
const started = performance.now();
let cursor;
let requests = 0;
do {
  const url = new URL(`/v0/page_groups/${encodeURIComponent(group)}/pages`, base);
  url.searchParams.set('limit', limit);
  if (cursor) url.searchParams.set('cursor', cursor);
  const res = await request(url, { dispatcher, headers: { 'x-api-key': key, accept: 'application/json' } });
  const body = await res.body.json();
  requests++;
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
  cursor = body.hasMore ? body.nextCursor : undefined;
} while (cursor);
const ms = performance.now() - started;
await dispatcher.close();
process.stdout.write(`${JSON.stringify({ requests, ms })}\n`);
