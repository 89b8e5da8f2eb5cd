/**
 * An exact set of strings (item ids), for listings of a million items. A Set<string> keeps every id
 * as a heap string plus a hash-table entry (50+ bytes each, and a million objects for every full
 * GC to walk). This keeps each id as a record in one growing byte array: its length and width as a
 * varint, then its UTF-16 code units, one byte each when all are below 256 (as V8 stores strings),
 * else two. An open-addressing table in typed arrays holds each record's position and hash.
 * Answers are exact: a candidate is compared unit by unit, never judged by its hash.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** The top bit of a hash says its id's units take two bytes each. */
const WIDE = -0x80000000;
/** Record positions are kept in a Uint32Array. */
const MAX_BYTES = 0xffffffff;
/** At most 5 varint bytes of header. */
const MAX_OVERHEAD = 5;

export interface IdSetOptions {
  /** Applied to each raw hash before mixing; tests pass e.g. `(h) => h & 3` to crowd ids together. */
  readonly squeezeHashForTest?: (hash: number) => number;
}

export class IdSet {
  /** Random per set: ids built to collide under one seed do not all collide under another. */
  readonly #seed = (FNV_OFFSET ^ Math.floor(Math.random() * 0x100000000)) | 0;
  readonly #squeeze: ((hash: number) => number) | undefined;
  // Every buffer of the set is of one kind (mappedBuffer), so its reads compile for one.
  #bytes = new Uint8Array(mappedBuffer(4096));
  /** Byte 0 is never a record's: a slot holding 0 is empty. */
  #used = 1;
  #count = 0;
  /** Linear probing, at most half full. 0 is an empty slot, else the position of a record. */
  #slots = new Uint32Array(mappedBuffer(256 * 4));
  /**
   * Each slot's whole hash: compared before a record is read, and what the table is rebuilt from
   * when it doubles (rehashing every record from its bytes took over 100 ms at once around the
   * half-millionth id, a pause that held up the response then arriving).
   */
  #hashes = new Uint32Array(mappedBuffer(256 * 4));

  constructor(options: IdSetOptions = {}) {
    this.#squeeze = options.squeezeHashForTest;
  }

  get size(): number {
    return this.#count;
  }

  has(id: string): boolean {
    return this.#slots[this.#slotOf(id, this.#hashOf(id))] !== 0;
  }

  /** Adds `id`; true when it was not in the set before. */
  addIfNew(id: string): boolean {
    const hash = this.#hashOf(id);
    const slot = this.#slotOf(id, hash);
    if (this.#slots[slot] !== 0) return false;
    this.#slots[slot] = this.#append(id, hash);
    this.#hashes[slot] = hash;
    this.#count++;
    if (this.#count * 2 > this.#slots.length) this.#growTable();
    return true;
  }

  /** FNV-1a over the code units, then #finish. */
  #hashOf(id: string): number {
    let h = this.#seed;
    let units = 0;
    for (let i = 0; i < id.length; i++) {
      const unit = id.charCodeAt(i);
      units |= unit;
      h = Math.imul(h ^ unit, FNV_PRIME);
    }
    return this.#finish(h, units > 0xff);
  }

  /** Mixes (murmur3's finaliser: FNV's low bits alone index a table badly) and marks the width. */
  #finish(fnv: number, wide: boolean): number {
    let h = this.#squeeze === undefined ? fnv : this.#squeeze(fnv) | 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    return (h & 0x7fffffff) | (wide ? WIDE : 0);
  }

  /** The slot pointing at `id`'s record, or else the empty slot where it would go. */
  #slotOf(id: string, hash: number): number {
    const slots = this.#slots;
    const hashes = this.#hashes;
    const mask = slots.length - 1;
    const wide = hash < 0;
    const stored = hash >>> 0;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = slots[slot] as number;
      if (held === 0) return slot;
      if (hashes[slot] === stored && this.#recordEquals(held, id, wide)) return slot;
    }
  }

  #recordEquals(at: number, id: string, wide: boolean): boolean {
    const bytes = this.#bytes;
    const header = readHeader(bytes, at);
    if (header !== id.length * 2 + (wide ? 1 : 0)) return false;
    at += headerSize(header);
    if (wide) {
      for (let i = 0; i < id.length; i++, at += 2) {
        if (id.charCodeAt(i) !== ((bytes[at] as number) | ((bytes[at + 1] as number) << 8))) return false;
      }
    } else {
      for (let i = 0; i < id.length; i++) if (id.charCodeAt(i) !== bytes[at + i]) return false;
    }
    return true;
  }

  /** Writes `id`'s record; returns the position of its header. */
  #append(id: string, hash: number): number {
    const wide = hash < 0;
    const need = this.#used + MAX_OVERHEAD + (wide ? 2 : 1) * id.length;
    if (need > MAX_BYTES) throw new RangeError('Too many item ids to keep track of.');
    if (need > this.#bytes.length) {
      const bytes = new Uint8Array(mappedBuffer(Math.min(MAX_BYTES, Math.max(need, Math.ceil(this.#bytes.length * 1.25)))));
      bytes.set(this.#bytes.subarray(0, this.#used));
      this.#bytes = bytes;
    }
    const bytes = this.#bytes;
    let at = this.#used;
    const start = at;
    let header = id.length * 2 + (wide ? 1 : 0);
    for (; header >= 0x80; header >>>= 7) bytes[at++] = (header & 0x7f) | 0x80;
    bytes[at++] = header;
    for (let i = 0; i < id.length; i++) {
      const unit = id.charCodeAt(i);
      bytes[at++] = unit;
      if (wide) bytes[at++] = unit >>> 8;
    }
    this.#used = at;
    return start;
  }

  /** Doubles the table from the kept hashes. */
  #growTable(): void {
    const old = this.#slots;
    const oldHashes = this.#hashes;
    const slots = new Uint32Array(mappedBuffer(old.length * 8));
    const hashes = new Uint32Array(mappedBuffer(old.length * 8));
    const mask = slots.length - 1;
    for (let from = 0; from < old.length; from++) {
      const held = old[from] as number;
      if (held === 0) continue;
      const hash = oldHashes[from] as number;
      let slot = hash & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = held;
      hashes[slot] = hash;
    }
    this.#slots = slots;
    this.#hashes = hashes;
  }
}

/** A record's header: its length in code units times 2, plus 1 when they take two bytes each; a varint. */
function readHeader(bytes: Uint8Array, at: number): number {
  let header = 0;
  for (let shift = 0, byte = 0x80; byte & 0x80; shift += 7) {
    byte = bytes[at++] as number;
    header |= (byte & 0x7f) << shift;
  }
  return header;
}

function headerSize(header: number): number {
  let size = 1;
  for (; header >= 0x80; header >>>= 7) size++;
  return size;
}

/**
 * A buffer of `bytes` that V8 maps itself (a resizable one, never resized), or an ordinary one where
 * that is refused. Not from the C heap: the set grows to its last size late in a long load, and a
 * buffer malloc'd then lands at the top of that heap, above the memory the load's short-lived
 * buffers used and freed, which the allocator then cannot give back (2–3 MB more RSS right after
 * `G` over 100,000 `long` items, bench/results/memory.md). Reads and writes through a view of it
 * cost more on Node 20 (an add 0.6–0.8 µs against 0.6 in bench/id-set.mjs), a few ms a load.
 */
function mappedBuffer(bytes: number): ArrayBuffer {
  try {
    return new (ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => ArrayBuffer)(bytes, { maxByteLength: bytes });
  } catch {
    return new ArrayBuffer(bytes);
  }
}
