/**
 * A page-list server with data unlike the demo's, for `G` on other shapes the spec allows
 * (bench/g-other-data.mjs). Run as a process of its own; it prints {"url", "apiKey"} once listening.
 *
 * - `custom`: half the pages with a customName, every name unique, millisecond timestamps.
 * - `long`: every page with a customName and a computedName of 150–200 UTF-16 units, mixing ASCII
 *   words, CJK, kana, Hangul, letters with combining marks, Greek, Cyrillic and emoji (ZWJ
 *   families, skin tones, flags).
 * `--escape` writes every non-ASCII character as a \uXXXX escape (as Python's and PHP's JSON
 * writers do by default); `--gzip` sends gzip to a client that accepts it (otherwise: none).
 * Bodies are made once per cursor and kept, so every run after the first costs the server the same.
 * Usage: node other-data-server.mjs --shape custom|long [--pages N] [--gzip] [--escape]
 */
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    shape: { type: 'string', default: 'custom' },
    pages: { type: 'string', default: '100000' },
    gzip: { type: 'boolean', default: false },
    escape: { type: 'boolean', default: false },
  },
});
const PAGES = Number(values.pages);
const API_KEY = 'pk_live_7f3a9c2e4b1d8f6a0c5e3b9d7a1f4c2e';

function hash(n) {
  let x = (n ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

const WORDS = ['landing', 'offer', 'spring', 'sale', 'webinar', 'signup', 'pricing', 'hero', 'launch', 'promo', 'trial', 'demo'];
const BAGS = [
  WORDS,
  ['春季促销活动页面', '新产品发布会', '限时优惠', '会员注册', 'ウェビナー登録', '夏のキャンペーン', '무료 체험판', '가격 안내', '顧客の声', '特別オファー'],
  ['Cafe\u0301', 'nai\u0308ve', 'A\u0308pfel', 'Zu\u0308rich', 'São Paulo', 'Ñandú', 'Ελληνικά', 'Русский'],
  ['🚀', '🎉', '👍🏽', '👨‍👩‍👧', '🇯🇵', '✨', '🔥'],
];

function longName(i, salt) {
  const target = 150 + (hash(i * 7 + salt) % 51);
  let name = `#${i} `;
  for (let k = 0; name.length < target; k++) {
    const r = hash(i * 131 + salt * 17 + k);
    const bag = BAGS[r % BAGS.length];
    name += `${bag[(r >>> 3) % bag.length]} `;
  }
  name = name.slice(0, target);
  // Never half a surrogate pair.
  const last = name.charCodeAt(name.length - 1);
  return (last >= 0xd800 && last < 0xdc00 ? name.slice(0, -1) : name).trimEnd();
}

const shortName = (i, salt) => `${WORDS[hash(i + salt) % WORDS.length]} ${WORDS[hash(i * 3 + salt) % WORDS.length]} page ${i} v${hash(i) % 1000}`;

const EPOCH = Date.UTC(2025, 0, 1);
function page(group, i) {
  const created = EPOCH - (hash(i) % 31_536_000_000);
  const nameOf = values.shape === 'long' ? longName : shortName;
  const custom = values.shape === 'long' || i % 2 === 0 ? nameOf(i, 1) : '';
  const computed = nameOf(i, 2);
  return {
    pageId: `${group}-p${i}`,
    pageGroupId: group,
    tenantId: 'tenant-other',
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created + (hash(i + 1) % 10_000_000)).toISOString(),
    effectiveName: custom || computed,
    customName: custom,
    computedName: computed,
  };
}

const group = (id, title, pageCount) => ({ pageGroupId: id, tenantId: 'tenant-other', title, slug: title.toLowerCase().replace(/ /g, '-'), status: 'published', templateId: 'tpl-1', goal: 'Leads', pageCount, createdAt: '2024-05-23T19:10:58.123Z', updatedAt: '2024-10-04T22:04:05.456Z' });
const GROUPS = [group('grp-1', 'Big group', PAGES), group('grp-2', 'Small group', 3)];
const TOTALS = { groups: GROUPS.length, 'grp-1': PAGES, 'grp-2': 3 };

const bodies = new Map();
function body(list, offset, limit) {
  const key = `${list}:${offset}:${limit}`;
  let kept = bodies.get(key);
  if (kept === undefined) {
    const end = Math.min(TOTALS[list], offset + limit);
    const items = [];
    for (let i = offset; i < end; i++) items.push(list === 'groups' ? GROUPS[i] : page(list, i + 1));
    const hasMore = end < TOTALS[list];
    let text = JSON.stringify(hasMore ? { hasMore, items, nextCursor: Buffer.from(String(end)).toString('base64url') } : { hasMore, items });
    if (values.escape) text = text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const plain = Buffer.from(text);
    kept = { plain, gzip: values.gzip ? gzipSync(plain) : undefined };
    bodies.set(key, kept);
  }
  return kept;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const list = url.pathname === '/v0/page_groups' ? 'groups' : /^\/v0\/page_groups\/([^/]+)\/pages$/.exec(url.pathname)?.[1];
  if (list === undefined || !(list in TOTALS) || req.headers['x-api-key'] === undefined) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"code":"NOT_FOUND","message":"No such resource.","requestId":"req-1"}');
    return;
  }
  const cursor = url.searchParams.get('cursor');
  const kept = body(list, cursor ? Number(Buffer.from(cursor, 'base64url').toString()) : 0, Math.min(100, Number(url.searchParams.get('limit') ?? 20)));
  const gzip = kept.gzip !== undefined && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const out = gzip ? kept.gzip : kept.plain;
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': out.length, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
  res.end(out);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, apiKey: API_KEY })}\n`);
});
process.on('disconnect', () => process.exit(0));
