import { afterEach, describe, expect, it, vi } from 'vitest';
import { byteSize } from '../../src/text/bytes.js';
import { countText } from '../../src/text/count.js';
import { loadedCount } from '../../src/ui/components/header-format.js';
import { rowFor } from '../../src/ui/table-model/index.js';

afterEach(() => vi.restoreAllMocks());

describe('countText', () => {
  it("groups digits exactly as toLocaleString('en-US') does", () => {
    const values = [0, -0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 12345, 100000, 999999, 1000000, 1234567, -1, -999, -1000, -1234567];
    values.push(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 53, 1.5, 1234.5678, NaN, Infinity, -Infinity, 1e21);
    let seed = 7;
    for (let i = 0; i < 2000; i++) values.push(Math.floor(((seed = (seed * 16807) % 2147483647) / 2147483647) * 10 ** (i % 16)) * (i % 5 === 0 ? -1 : 1));
    for (const n of values) expect([n, countText(n)]).toEqual([n, n.toLocaleString('en-US')]);
  });

  it("the list's counts never ask ICU's number formatting (its first use costs a first frame 15–35 ms)", () => {
    const toLocaleString = vi.spyOn(Number.prototype, 'toLocaleString');
    expect(loadedCount(100000, true, 1)).toBe('100,000+');
    expect(rowFor('groups')({ pageGroupId: 'grp-1', title: 'T', pageCount: 1234567 }).pages).toBe('1,234,567');
    expect(toLocaleString).not.toHaveBeenCalled();
  });
});

describe('byteSize', () => {
  it('reads 1024-based, one decimal at most', () => {
    expect([0, 812, 1023, 1024, 4608, 65_536, 1_048_575, 8 * 1024 * 1024, 1_310_720].map(byteSize)).toEqual([
      '0 B', '812 B', '1023 B', '1 KiB', '4.5 KiB', '64 KiB', '1024 KiB', '8 MiB', '1.3 MiB',
    ]);
  });
});
