/**
 * Items parsed from JSON carry their own copy of every string, also of values that repeat from
 * item to item (a tenant id, a status, a group id) or within one item (a page's effective name is
 * its custom or its computed name). Pointing each repeat at one copy keeps a long listing many
 * megabytes smaller; every value reads exactly as before.
 */
import type { RawItem } from './types.js';

/** Fields looked at per item; past these, an item keeps its own copies. */
const MAX_FIELDS = 16;

/** Makes `item`'s string fields that equal `previous`'s same field, or an earlier field of `item`, share that string. */
export function shareRepeatedStrings(item: RawItem, previous: RawItem | undefined): void {
  const target = item as Record<string, unknown>;
  const keys = Object.keys(target);
  const n = Math.min(keys.length, MAX_FIELDS);
  try {
    for (let k = 0; k < n; k++) {
      const key = keys[k] as string;
      const value = target[key];
      if (typeof value !== 'string' || value.length === 0) continue;
      const before = previous !== undefined && Object.prototype.hasOwnProperty.call(previous, key) ? previous[key] : undefined;
      if (before === value) {
        target[key] = before;
        continue;
      }
      for (let j = 0; j < k; j++) {
        const other = target[keys[j] as string];
        if (other === value) {
          target[key] = other;
          break;
        }
      }
    }
  } catch {
    // A frozen item or a read-only field (never one parsed from JSON): it keeps its own copies.
  }
}
