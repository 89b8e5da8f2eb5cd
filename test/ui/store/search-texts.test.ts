import { describe, expect, it } from 'vitest';
import { SearchTexts } from '../../../src/ui/store/list/search-texts.js';

/** Items whose texts contain `query`, the slow, obvious way. */
const naive = (texts: readonly string[], query: string, from = 0): number[] =>
  texts.map((t, i) => (i >= from && t.includes(query) ? i : -1)).filter((i) => i >= 0);

function hits(store: SearchTexts, query: string, from = 0): number[] {
  const marks = new Uint8Array(store.length);
  store.mark(query, from, marks);
  return [...marks.keys()].filter((i) => marks[i] === 1);
}

describe('SearchTexts', () => {
  it('finds every item whose text holds the query, over chunks of any size, from any item on', () => {
    const texts = Array.from({ length: 1000 }, (_, i) => `page ${i}\ngrp-1-p${(i * 7919) % 1009}${i % 5 === 0 ? '\nseasonal' : ''}`);
    const store = new SearchTexts();
    for (let at = 0, size = 1; at < texts.length; at += size, size = (size * 3) % 17 + 1) store.append(texts.slice(at, at + size));
    expect(store.length).toBe(1000);
    for (const query of ['1', '12', 'seasonal', 'page 99', 'p100', '\ngrp', 'zzz', 'e']) {
      expect(hits(store, query)).toEqual(naive(texts, query));
      expect(hits(store, query, 517)).toEqual(naive(texts, query, 517));
      expect(texts.map((_, i) => (store.contains(i, query) ? i : -1)).filter((i) => i >= 0)).toEqual(naive(texts, query));
    }
    expect(store.textAt(5)).toBe(texts[5]);
  });

  it('matches texts and queries outside Latin-1 and ASCII, and never across two items, with text in a page mixed', () => {
    const names = ['東京オフィス 春', 'café crème', 'grp-1-p7', 'عرض خاص', '😀 launch', 'plain', '春', 'ü'];
    const texts = Array.from({ length: 200 }, (_, i) => `${names[i % names.length] as string} ${i}\ngrp-1-p${i}`);
    const store = new SearchTexts();
    for (let at = 0; at < texts.length; at += 9) store.append(texts.slice(at, at + 9));
    for (const query of ['東京', '春', 'é', 'crème 1', '😀', 'خاص', ' 1\ngrp', 'ü 7', '春 6', '7\ngrp-1-p7']) {
      expect(hits(store, query)).toEqual(naive(texts, query));
      expect(hits(store, query, 101)).toEqual(naive(texts, query, 101));
    }
    // The last bytes of one item and the first of the next are never one match.
    expect(hits(store, `${texts[0]?.slice(-2) ?? ''}\u0000`)).toEqual([]);
    expect(store.textAt(6)).toBe(texts[6]);
  });

  it('edited in place holds what a store packed from the edited texts holds (whole chunks removed included)', () => {
    const texts = Array.from({ length: 300 }, (_, i) => `page ${i}`);
    const store = new SearchTexts();
    for (let at = 0; at < texts.length; at += 10) store.append(texts.slice(at, at + 10));
    const removed = [3, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 150, 299];
    store.revise(new Map([[5, 'renamed five'], [150, 'gone anyway'], [151, 'renamed 151']]), removed);
    const edited = texts.map((t, i) => (i === 5 ? 'renamed five' : i === 151 ? 'renamed 151' : t)).filter((_, i) => !removed.includes(i));
    expect(store.length).toBe(edited.length);
    expect(edited.map((_, i) => store.textAt(i))).toEqual(edited);
    for (const query of ['renamed', 'page 2', 'page 15', '9']) expect(hits(store, query)).toEqual(naive(edited, query));
    store.append(['page new']);
    expect(hits(store, 'new')).toEqual([edited.length]);
  });

  it('reads every text back as appended, empty ones first and last included (a lone surrogate as UTF-8 writes it)', () => {
    const texts = ['', 'a', '', '東京 😀', 'x\ud800y', ''];
    const store = new SearchTexts();
    store.append(texts);
    store.append(['', '']);
    store.append(['last']);
    const all = [...texts, '', '', 'last'];
    expect(all.map((_, i) => store.textAt(i))).toEqual(all.map((t) => Buffer.from(t, 'utf8').toString('utf8')));
    expect(hits(store, 'last')).toEqual([8]);
    expect(hits(store, '😀')).toEqual([3]);
  });

  it('never counts a hit that runs from one item into the next', () => {
    const store = new SearchTexts();
    store.append(['ab', 'cd', '', 'abcd']);
    expect(hits(store, 'bc')).toEqual([3]);
    expect(hits(store, 'b\u0000c')).toEqual([]);
    expect(hits(store, 'd')).toEqual([1, 3]);
  });

  it('finds an item in the last of many chunks', () => {
    const store = new SearchTexts();
    for (let page = 0; page < 100; page++) store.append(Array.from({ length: 100 }, (_, i) => `name ${page * 100 + i}`));
    expect(store.length).toBe(10_000);
    expect(hits(store, 'name 9999')).toEqual([9999]);
  });
  it('keeps appended chunks in blocks V8 maps (let go whole when the texts go, not left to the C allocator); chunks packed again by an edit get buffers of their own', () => {
    const texts = Array.from({ length: 300 }, (_, i) => `café crème ${i}\ngrp-1-p${i}`);
    const store = new SearchTexts();
    for (let at = 0; at < texts.length; at += 100) store.append(texts.slice(at, at + 100));
    const chunks = (store as unknown as { chunks: Buffer[] }).chunks;
    expect(chunks).toHaveLength(3);
    for (const chunk of chunks) expect((chunk.buffer as ArrayBuffer & { resizable?: boolean }).resizable).toBe(true);
    store.revise(new Map([[150, 'edited 150']]), []);
    const after = (store as unknown as { chunks: Buffer[] }).chunks;
    expect((after[0]?.buffer as ArrayBuffer & { resizable?: boolean }).resizable).toBe(true);
    expect((after[1]?.buffer as ArrayBuffer & { resizable?: boolean }).resizable).not.toBe(true);
    expect(hits(store, 'crème 2')).toEqual(naive(texts, 'crème 2'));
    expect(store.textAt(150)).toBe('edited 150');
  });
});
