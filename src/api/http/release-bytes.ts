/**
 * Gives a body's memory back to the C allocator at once, instead of whenever V8 next collects its
 * old generation. The bodies of a long load (each page as it came, 25–110 KB, and the encoder's
 * output) outlive the young-generation collections that would free them young: they are freed
 * only by a full collection, which V8 starts once some 64 MB of such memory is waiting. Meanwhile
 * they are malloc'd in the C heap, which grew by 30–40 MB over `G` of 100,000 `long` items and, with
 * anything long-lived left above them, was never given back (bench/results/memory.md).
 *
 * Detaching the buffer (transferring it away) lets its memory go with the next young collection:
 * every view of it then reads as empty, so this is only for a buffer the caller alone reads. A
 * view that does not start its buffer is a slice of one shared with others (Node's pool, or
 * another's chunk), and is left to the collector without an attempt: a failed one throws, and
 * Node's pool refuses every time (src/cli/buffer-pool.ts).
 */
export function releaseBuffer(bytes: Uint8Array): void {
  const buffer = bytes.buffer;
  if (!(buffer instanceof ArrayBuffer) || bytes.byteOffset !== 0 || buffer.byteLength === 0 || (buffer as { resizable?: boolean }).resizable === true) return;
  try {
    // Not ArrayBuffer.prototype.transfer (Node 21+): structuredClone honours Node's marking of its
    // pooled buffers as untransferable, and the clone, young and unreferenced, goes next.
    structuredClone(buffer, { transfer: [buffer] });
  } catch {
    // Not transferable: left to the collector.
  }
}

/** `releaseBuffer(bytes)` when `bytes` is the whole of its buffer (no other view of it can be someone else's). */
export function releaseWholeBuffer(bytes: Uint8Array): void {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) releaseBuffer(bytes);
}
