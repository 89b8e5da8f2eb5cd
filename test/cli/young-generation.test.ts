/** The young generation grows while a load allocates fast, and no further than its cap. */
import { describe, expect, it } from 'vitest';
import { mayGrow } from '../../src/cli/young-generation.js';

const MB = 1024 * 1024;

describe('the cap on the young generation', () => {
  it('grows in powers of two up to the cap (Node 20 and 24)', () => {
    expect([1, 2, 4].map((size) => mayGrow(size * MB, 8 * MB))).toEqual([true, true, true]);
    expect(mayGrow(8 * MB, 8 * MB)).toBe(false);
  });

  it("does not grow from Node 26's 7.5 MB, which doubled would pass an 8 MB cap", () => {
    expect(mayGrow(7.5 * MB, 8 * MB)).toBe(false);
    expect(mayGrow(3.75 * MB, 8 * MB)).toBe(true);
  });
});
