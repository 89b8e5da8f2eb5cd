/**
 * Where the exchange log keeps the newest response bodies: a fixed ring of byte buffers, reused.
 * A body kept as a string outlives several young-generation collections, is moved to the old
 * generation, and is garbage there a few pages later; over a `G` of 1,000 pages that leaves tens
 * of megabytes of old-generation pages the process keeps. Copied into a reused buffer instead,
 * a body costs nothing once it leaves the ring; it is decoded again only when someone reads it.
 */

/** A kept body: the text (at most the cap, decoded when read), and whether it was cut. */
export interface KeptBody {
  readonly text: string;
  readonly truncated: boolean;
}

class SlotBody implements KeptBody {
  constructor(
    private readonly slots: BodySlots,
    private readonly slot: number,
    private readonly generation: number,
    private readonly length: number,
    readonly truncated: boolean,
  ) {}

  /** The body's text; '' once its slot holds a newer body (the log has dropped this one by then). */
  get text(): string {
    return this.slots.read(this.slot, this.generation, this.length);
  }

  toJSON(): { text: string; truncated: boolean } {
    return { text: this.text, truncated: this.truncated };
  }
}

export class BodySlots {
  private readonly buffers: Buffer[] = [];
  private readonly generations: number[] = [];
  private next = 0;

  /** `count` bodies at a time (the newest), each cut at `maxBytes` UTF-8 bytes, never inside a character. */
  constructor(
    private readonly count: number,
    private readonly maxBytes: number,
  ) {}

  /** Keeps `text` in the slot of the body `count` bodies older (which its owner drops now). */
  keep(text: string): KeptBody {
    const bytes = text.length * 3 <= this.maxBytes ? text.length * 3 : Buffer.byteLength(text, 'utf8');
    const slot = this.claim(bytes);
    const buffer = this.buffers[slot] as Buffer;
    // Writes whole characters only: a cut never splits one.
    const written = buffer.write(text, 0, Math.min(buffer.length, this.maxBytes), 'utf8');
    const truncated = written < Buffer.byteLength(text, 'utf8');
    return new SlotBody(this, slot, this.generations[slot] as number, written, truncated);
  }

  /**
   * As keep(), from the body's UTF-8 bytes (copied, not encoded again); a byte-order mark is left
   * out, as the text leaves it out.
   */
  keepBytes(bytes: Uint8Array): KeptBody {
    const from = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    let end = Math.min(bytes.length, from + this.maxBytes);
    // Cut before a character whose bytes do not all fit (continuation bytes are 10xxxxxx).
    if (end < bytes.length) while (end > from && ((bytes[end] as number) & 0xc0) === 0x80) end--;
    const length = end - from;
    const slot = this.claim(length);
    (this.buffers[slot] as Buffer).set(bytes.subarray(from, end), 0);
    return new SlotBody(this, slot, this.generations[slot] as number, length, end < bytes.length);
  }

  /** The next slot, at least `bytes` long (at most the cap), its generation moved on. */
  private claim(bytes: number): number {
    const slot = this.next;
    this.next = (this.next + 1) % Math.max(1, this.count);
    const needed = Math.min(bytes, this.maxBytes);
    const buffer = this.buffers[slot];
    if (buffer === undefined || buffer.length < needed) {
      // Powers of two, so a slot grows a few times at most.
      let size = 1024;
      while (size < needed) size *= 2;
      this.buffers[slot] = Buffer.allocUnsafeSlow(Math.min(size, Math.max(this.maxBytes, 1)));
    }
    this.generations[slot] = (this.generations[slot] ?? 0) + 1;
    return slot;
  }

  read(slot: number, generation: number, length: number): string {
    if (this.generations[slot] !== generation) return '';
    return (this.buffers[slot] as Buffer).toString('utf8', 0, length);
  }
}
