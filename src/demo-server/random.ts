/**
 * Stateless deterministic hashing: every generated value is a pure function of (seed, inputs), so
 * page n of a group can be computed on demand without generating pages 1..n-1.
 */

/** Mixes a 32-bit integer (the murmur3 finaliser). */
function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** An unsigned 32-bit hash of the seed and any number of integer inputs. */
function hash(seed: number, ...inputs: number[]): number {
  let h = mix32(seed ^ 0x9e3779b9);
  for (const input of inputs) {
    // Inputs may exceed 32 bits (page numbers, ms); fold the high part in as well.
    const low = input | 0;
    const high = Math.floor(input / 0x1_0000_0000) | 0;
    h = mix32(h ^ low);
    h = mix32(h ^ high ^ 0x27d4eb2f);
  }
  return h;
}

/** A deterministic integer in [0, n) derived from the seed and inputs. */
export function pick(n: number, seed: number, ...inputs: number[]): number {
  if (n <= 0) return 0;
  return hash(seed, ...inputs) % n;
}

/** A deterministic fraction in [0, 1). */
export function fraction(seed: number, ...inputs: number[]): number {
  return hash(seed, ...inputs) / 0x1_0000_0000;
}

/** Picks one element of a non-empty list deterministically. */
export function choose<T>(list: readonly T[], seed: number, ...inputs: number[]): T {
  const item = list[pick(list.length, seed, ...inputs)];
  if (item === undefined) throw new Error('choose() needs a non-empty list');
  return item;
}
