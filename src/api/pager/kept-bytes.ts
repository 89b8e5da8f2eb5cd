/**
 * Where one listing's kept bodies live: side by side in a few big blocks that V8 maps itself
 * (resizable ArrayBuffers: address space reserved at once, pages committed as the block fills),
 * each body a view of its block.
 *
 * Not a buffer of their own each: those are malloc'd in the C heap (brk), between the load's
 * short-lived buffers (each body as it came, socket reads, compressor state). A kept body of a few
 * KB left anywhere among them pins the memory around it once they are freed: after `G` over 100,000
 * pages of `long` the C heap held 20 MB of free chunks between 8.5 MB of kept bodies, which the
 * allocator can neither give back nor trim (docs/memory.md). Blocks of the allocator's own would
 * not do either: below its mmap threshold (raised at run time up to 32 MB by any big buffer freed)
 * they land in the same heap.
 */

/** Address space reserved per block; a listing that fills one starts another. */
const BLOCK_BYTES = 64 * 1024 * 1024;

/** A block is committed in steps of this many bytes (a page is resident only once written). */
const COMMIT_STEP_BYTES = 256 * 1024;


interface ResizableBuffer extends ArrayBuffer {
  readonly resizable?: boolean;
  resize(byteLength: number): void;
}

type ResizableConstructor = new (byteLength: number, options: { maxByteLength: number }) => ResizableBuffer;

/** A new block, or undefined where resizable buffers are missing or the address space is refused. */
function newBlock(bytes: number): ResizableBuffer | undefined {
  try {
    const block = new (ArrayBuffer as unknown as ResizableConstructor)(0, { maxByteLength: bytes });
    return block.resizable === true ? block : undefined;
  } catch {
    return undefined;
  }
}

export class KeptBytes {
  #block: ResizableBuffer | undefined;
  #used = 0;
  /** False once a block could not be had: every body is then copied into a buffer of its own. */
  #blocks = true;

  /** `blockBytes`: the address space of each block (tests make it small). */
  constructor(private readonly blockBytes = BLOCK_BYTES) {}

  /** A copy of `bytes`, kept as long as the view is; a body over 1/16 of a block gets a buffer of its own. */
  copy(bytes: Uint8Array): Uint8Array {
    const view = this.alloc(bytes.byteLength);
    view.set(bytes);
    return view;
  }

  /** `length` new bytes (zeroed), in a block when they fit 1/16 of one, else in a buffer of their own. */
  alloc(length: number): Uint8Array {
    const block = this.#blocks && length <= this.blockBytes / 16 ? this.#room(length) : undefined;
    if (block === undefined) return new Uint8Array(length);
    const view = new Uint8Array(block, this.#used, length);
    this.#used += length;
    return view;
  }

  /** The block with `length` bytes committed past its used part. */
  #room(length: number): ResizableBuffer | undefined {
    if (this.#block === undefined || this.#used + length > this.blockBytes) {
      this.#block = newBlock(this.blockBytes);
      this.#used = 0;
      if (this.#block === undefined) {
        this.#blocks = false;
        return undefined;
      }
    }
    const block = this.#block;
    const need = this.#used + length;
    if (need > block.byteLength) {
      try {
        block.resize(Math.min(this.blockBytes, Math.ceil(need / COMMIT_STEP_BYTES) * COMMIT_STEP_BYTES));
      } catch {
        this.#blocks = false;
        return undefined;
      }
    }
    return block;
  }
}
