import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { shareRepeatedStrings } from '../../src/api/shared-strings.js';
import type { RawItem } from '../../src/api/types.js';

function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const ITEMS = 50_000;

function parsedItems(): RawItem[] {
  const tenant = 'tenant-'.padEnd(60, 'x');
  return JSON.parse(
    JSON.stringify(Array.from({ length: ITEMS }, (_, i) => ({ pageId: `p${i}`, tenantId: tenant, effectiveName: `Page number ${i} of many`, computedName: `Page number ${i} of many` }))),
  ) as RawItem[];
}

describe('shareRepeatedStrings', () => {
  it('keeps one copy of a value repeated across items or within one (the heap shrinks by those copies)', () => {
    const items = parsedItems();
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    let previous: RawItem | undefined;
    for (const item of items) {
      shareRepeatedStrings(item, previous);
      previous = item;
    }
    collectGarbage();
    const saved = before - process.memoryUsage().heapUsed;
    // Each item dropped a 60-character tenant id (80 bytes) and a second copy of its name (40 bytes).
    expect(saved).toBeGreaterThan(ITEMS * 120 * 0.7);
    expect(items[7]).toEqual({ pageId: 'p7', tenantId: 'tenant-'.padEnd(60, 'x'), effectiveName: 'Page number 7 of many', computedName: 'Page number 7 of many' });
  });

  it('leaves frozen items and read-only fields as they are', () => {
    const frozen = Object.freeze({ a: 'same', b: 'same' });
    expect(() => shareRepeatedStrings(frozen, { a: 'same' })).not.toThrow();
    const getter: RawItem = Object.defineProperty({ a: 'x' }, 'b', { enumerable: true, get: () => 'x' });
    expect(() => shareRepeatedStrings(getter, undefined)).not.toThrow();
    expect(getter.b).toBe('x');
  });
});
