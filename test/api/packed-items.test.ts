/**
 * A pager keeps its items packed, as the bodies they came in, and parses a page again when one of
 * its items is read after it left the few kept parsed. Whatever is read, and in whatever order,
 * the items are the ones the server sent, in order, each once, as if they had been kept as parsed.
 */
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';
import { itemArray, LoadedItems, PackedItems } from '../../src/api/pager/packed-items.js';
import { BodyKeeper } from '../../src/api/pager/page-source.js';
import { Pager } from '../../src/api/pager/pager.js';
import type { FetchPage, ListPage, RawItem } from '../../src/api/types.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';

let server: DemoServer | undefined;
let client: ApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

async function loadAll(pager: Pager): Promise<void> {
  pager.loadAll();
  for (let i = 0; i < 2000 && pager.getSnapshot().state !== 'done'; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(pager.getSnapshot().state).toBe('done');
}

/** A fetcher of JSON bodies written by the test, gzip-encoded like a server's, with `source` set as the client sets it. */
function bodies(pages: readonly { items: unknown[]; next?: string }[]): FetchPage {
  return async (cursor) => {
    const at = cursor === undefined ? 0 : Number(cursor);
    const page = pages[at] as { items: unknown[]; next?: string };
    const text = JSON.stringify({ items: page.items, hasMore: page.next !== undefined, nextCursor: page.next });
    const parsed = JSON.parse(text) as { items: RawItem[] };
    const listed: ListPage = {
      items: parsed.items,
      hasMore: page.next !== undefined,
      ...(page.next === undefined ? {} : { nextCursor: page.next }),
      warnings: [],
      source: { bytes: gzipSync(text), codings: ['gzip'] },
    };
    return listed;
  };
}

describe('packed items over the demo server', () => {
  it('reads back every item of 5,000, in order, equal to the pages the server sent, read forwards, backwards and at random', async () => {
    server = await startDemoServer({ pages: 5000, groups: 2 });
    const live = server;
    const api = createApiClient({ baseUrl: new URL(live.url), getApiKey: () => live.apiKey });
    client = api;
    const pager = new Pager((cursor, signal) => api.listPages('grp-1', { cursor, limit: 100, signal }));
    await loadAll(pager);
    const expected: RawItem[] = [];
    let cursor: string | undefined;
    do {
      const page = await api.listPages('grp-1', { cursor, limit: 100 });
      expected.push(...page.items);
      cursor = page.hasMore ? page.nextCursor : undefined;
    } while (cursor !== undefined);

    const items = pager.getSnapshot().items;
    expect(items).toBeInstanceOf(LoadedItems);
    expect(items.length).toBe(5000);
    expect(itemArray(items)).toEqual(expected);
    // Most pages were parsed again by now (only a few stay parsed): the same items come back.
    expect((items as LoadedItems).parsedAgain()).toBeGreaterThan(10);
    for (let i = items.length - 1; i >= 0; i -= 37) expect(items.at(i)).toEqual(expected[i]);
    for (let n = 0; n < 300; n++) {
      const i = Math.floor(Math.random() * items.length);
      expect(items.at(i)).toEqual(expected[i]);
    }
    expect(items.at(5000)).toBeUndefined();
    expect(items.at(-1)).toEqual(expected[4999]);
  });
});

describe('PackedItems', () => {
  it('keeps the first copy of a duplicated id and the items after it where they were, once the page is parsed again', async () => {
    const page = (from: number, n: number) => Array.from({ length: n }, (_, k) => ({ pageId: `p${from + k}`, n: from + k }));
    const pages = [
      { items: page(0, 50), next: '1' },
      // p10 and p20 again (duplicates, hidden), with a new item between them.
      { items: [{ pageId: 'p10', n: -1 }, { pageId: 'p50', n: 50 }, { pageId: 'p20', n: -2 }, ...page(51, 49)], next: '2' },
      ...Array.from({ length: 40 }, (_, k) => ({ items: page(100 + k * 50, 50), next: k === 39 ? undefined : String(k + 3) })),
    ];
    const pager = new Pager(bodies(pages));
    await loadAll(pager);
    const items = pager.getSnapshot().items as LoadedItems;
    expect(items.length).toBe(2100);
    const before = items.parsedAgain();
    // Page 2 left the pages kept parsed long ago: reading it parses its body again, picks and all.
    expect(itemArray(items).slice(48, 53).map((i) => i.pageId)).toEqual(['p48', 'p49', 'p50', 'p51', 'p52']);
    expect(items.at(50)).toEqual({ pageId: 'p50', n: 50 });
    expect(items.parsedAgain()).toBeGreaterThan(before);
    expect(new Set(itemArray(items).map((i) => i.pageId)).size).toBe(2100);
  });

  it('an edit makes a new view: the views handed out before keep the items they had', () => {
    const store = new PackedItems();
    const text = JSON.stringify({ items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], hasMore: false });
    store.append(JSON.parse(text).items as RawItem[], { bytes: new TextEncoder().encode(text), codings: [] });
    store.append([{ id: 'd' }, { id: 'e' }]);
    const old = store.view();
    store.revise(new Map([[1, { id: 'b', edited: true }]]), [3]);
    const now = store.view();
    expect(itemArray(old)).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }, { id: 'e' }]);
    expect(itemArray(now)).toEqual([{ id: 'a' }, { id: 'b', edited: true }, { id: 'c' }, { id: 'e' }]);
    expect(now.grewFrom(old)).toBe(false);
    store.append([{ id: 'f' }]);
    expect(store.view().grewFrom(now)).toBe(true);
  });

  it('keeps a small body in its own kept bytes, not a slice of a shared pool slab, and leaves the slab as it was', () => {
    const slab = new Uint8Array(8192).fill(32);
    const text = '{"items":[{"id":"a"}],"hasMore":false}';
    const bytes = slab.subarray(100, 100 + text.length);
    bytes.set(new TextEncoder().encode(text));
    const store = new PackedItems();
    store.append([{ id: 'a' }], { bytes, codings: [] });
    const owned = new BodyKeeper().keep({ bytes, codings: [] });
    expect(owned.bytes.buffer).not.toBe(slab.buffer);
    expect(new TextDecoder().decode(owned.bytes)).toBe(text);
    expect(slab.byteLength).toBe(8192);
    expect(slab[0]).toBe(32);
    // Past the pages kept parsed, the item is read from the kept bytes.
    for (let i = 0; i < 5; i++) store.append([{ id: `x${i}` }]);
    for (let i = 0; i < 5; i++) store.append([{ id: `y${i}` }], { bytes: new TextEncoder().encode(`{"items":[{"id":"y${i}"}],"hasMore":false}`), codings: [] });
    expect(itemArray(store.view())).toEqual([{ id: 'a' }, ...[0, 1, 2, 3, 4].map((i) => ({ id: `x${i}` })), ...[0, 1, 2, 3, 4].map((i) => ({ id: `y${i}` }))]);
    expect(store.view().parsedAgain()).toBeGreaterThan(0);
  });

  it('a page read (the rows on screen) stays parsed while a load appends many more: the same objects, not parsed again', () => {
    const store = new PackedItems();
    const page = (n: number): void => {
      const text = JSON.stringify({ items: [{ id: `p${n}a` }, { id: `p${n}b` }], hasMore: true, nextCursor: String(n + 1) });
      store.append(JSON.parse(text).items as RawItem[], { bytes: new TextEncoder().encode(text), codings: [] });
    };
    for (let n = 0; n < 10; n++) page(n);
    // The screen shows the first page, which had left the pages kept parsed: it is parsed once.
    const shown = store.view().at(0);
    expect(shown).toEqual({ id: 'p0a' });
    const parsed = store.view().parsedAgain();
    // `G` appends page after page; each progress frame reads the screen's rows again.
    for (let n = 10; n < 60; n++) {
      page(n);
      expect(store.view().at(0)).toBe(shown);
    }
    expect(store.view().parsedAgain()).toBe(parsed);
  });

  it('a body handed over twice (let go after the first time) does not lose the second page\'s items', () => {
    const store = new PackedItems();
    const text = '{"items":[{"id":"a"},{"id":"b"}],"hasMore":false}';
    const source = { bytes: new TextEncoder().encode(text), codings: [] };
    store.append([{ id: 'a' }, { id: 'b' }], source);
    expect(source.bytes.byteLength).toBe(0);
    store.append([{ id: 'c' }], source);
    // Push both pages out of the few kept parsed, so the first is read from its body again.
    for (let i = 0; i < 5; i++) store.append([{ id: `x${i}` }], { bytes: new TextEncoder().encode(`{"items":[{"id":"x${i}"}],"hasMore":false}`), codings: [] });
    expect(itemArray(store.view()).slice(0, 3)).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
  });
});
