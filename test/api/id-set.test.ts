import { describe, expect, it } from 'vitest';
import { CursorChain } from '../../src/api/pager/cursor-chain.js';
import { IdSet } from '../../src/api/pager/id-set.js';
import type { RawItem } from '../../src/api/types.js';

/** mulberry32: the same ids and operations on every run. */
function randomFrom(seed: number): (below: number) => number {
  let a = seed;
  return (below) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

/** Code units that differ only in width, surrogates (paired and lone), latin-1, CJK, emoji, NUL. */
const UNITS = [0x00, 0x01, 0x41, 0x7f, 0x80, 0xe9, 0xff, 0x100, 0x101, 0x1ff, 0x4e2d, 0xd800, 0xd83d, 0xdc00, 0xde00, 0xdfff, 0xfffd, 0xffff];

function idMaker(random: (below: number) => number, pool: number): () => string {
  const unit = (): number => UNITS[random(UNITS.length)] as number;
  const longBase = 'x'.repeat(8192);
  return () => {
    const kind = random(100);
    if (kind < 40) return `grp-${random(20)}-p${random(pool)}`;
    if (kind < 70) return String.fromCharCode(...Array.from({ length: random(6) }, unit));
    if (kind < 85) return `${String.fromCharCode(unit())}-${random(pool)}-\u{1f600}`;
    // Long ids of one repeated unit but one, some at the lengths where the varint header takes one more byte (64, 8192).
    const lengths = kind < 99 ? [63, 64, 65, 127, 128, 300] : [4000, 8191, 8192];
    const length = lengths[random(lengths.length)] as number;
    const at = random(length);
    return `${longBase.slice(0, at)}${String.fromCharCode(unit())}${longBase.slice(0, length - at - 1)}`;
  };
}

function compareWithSet(set: IdSet, operations: number, seed: number, pool: number): void {
  const random = randomFrom(seed);
  const nextId = idMaker(random, pool);
  const truth = new Set<string>();
  for (let op = 0; op < operations; op++) {
    const id = nextId();
    if (random(5) < 3) {
      const isNew = !truth.has(id);
      truth.add(id);
      if (set.addIfNew(id) !== isNew) throw new Error(`addIfNew(${JSON.stringify(id)}) was wrong at operation ${op}`);
    } else if (set.has(id) !== truth.has(id)) {
      throw new Error(`has(${JSON.stringify(id)}) was wrong at operation ${op}`);
    }
  }
  expect(set.size).toBe(truth.size);
  const lost = [...truth].filter((id) => !set.has(id));
  expect(lost).toEqual([]);
}

describe('IdSet', () => {
  it('answers as a Set<string> does over 200,000 adds and lookups (unicode, lone surrogates, long ids)', () => {
    compareWithSet(new IdSet(), 200_000, 14, 40_000);
  });

  it('stays exact when ids share a handful of hashes (long probe runs, equal tags)', () => {
    compareWithSet(new IdSet({ squeezeHashForTest: (h) => h & 7 }), 20_000, 15, 2_000);
  });

  it('never takes one id for another of the same bytes, width, or hash', () => {
    const set = new IdSet({ squeezeHashForTest: () => 0 });
    expect(set.addIfNew('\u0000\u0001')).toBe(true);
    expect(set.has('\u0100')).toBe(false);
    expect(set.addIfNew('\u0100')).toBe(true);
    expect(set.addIfNew('\u00e9')).toBe(true);
    expect(set.has('e\u0301')).toBe(false);
    expect(set.has('\u00e9\u0000')).toBe(false);
    expect(set.addIfNew('\ud800')).toBe(true);
    expect(set.has('\ufffd')).toBe(false);
    expect(set.has('\ud800\udc00')).toBe(false);
    expect(set.addIfNew('')).toBe(true);
    expect(set.addIfNew('')).toBe(false);
    expect(set.has('\u0000')).toBe(false);
    for (const id of ['\u0000\u0001', '\u0100', '\u00e9', '\ud800', '']) expect(set.addIfNew(id)).toBe(false);
    expect(set.size).toBe(5);
  });

  it('keeps every id across each growth of its table and byte array', () => {
    const set = new IdSet();
    const ids: string[] = [];
    for (let n = 0; n < 70_000; n++) {
      const id = `page-${n}${n % 3 === 0 ? '\u4e2d' : ''}`;
      if (!set.addIfNew(id)) throw new Error(`${id} was taken for one seen before`);
      ids.push(id);
      if ((n & (n + 1)) === 0 || ((n + 2) & (n + 1)) === 0) {
        for (const seen of ids) if (!set.has(seen)) throw new Error(`lost ${seen} after ${n + 1} adds`);
        expect(set.has(`page-${n + 1}`)).toBe(false);
      }
    }
    expect(set.size).toBe(70_000);
  });
});

describe('CursorChain over a long listing', () => {
  // The heap it keeps per seen id (under 40 bytes; a Set<string> takes 50+): `node bench/limits.mjs`.
  it('takes each new id once and knows every seen one after the items are gone', () => {
    const IDS = 20_000;
    const chain = new CursorChain((raw) => String(raw['pageId']), 50);
    for (let from = 0; from < IDS; from += 100) {
      const ids = Array.from({ length: 100 }, (_, i) => ({ pageId: `grp-1-p${from + i + 100_000}` }));
      const items = JSON.parse(JSON.stringify(ids)) as RawItem[];
      const verdict = chain.accept(from === 0 ? undefined : `c${from}`, { items, hasMore: true, nextCursor: `c${from + 100}`, warnings: [] });
      expect(verdict.added.length).toBe(100);
    }
    const again = chain.accept(`c${IDS}`, { items: [{ pageId: 'grp-1-p100000' }, { pageId: 'grp-1-p100001x' }], hasMore: false, warnings: [] });
    expect(again.added).toEqual([{ pageId: 'grp-1-p100001x' }]);
  });
});
