/**
 * A list response kept as its body, to be parsed again when its items are read: the bytes as they
 * came off the wire (a page of 100 items is some 3 KB gzip-encoded against about 25 KB of
 * decoded text and 30 KB or more as parsed objects), decoded and parsed exactly as they were the
 * first time, so they give the same items.
 */
import { brotliCompress, brotliCompressSync, constants } from 'node:zlib';
import { decodeBody, parseListBody } from '../http/parse.js';
import { releaseBuffer, releaseWholeBuffer } from '../http/release-bytes.js';
import { decodeSync } from '../http/sync-decode.js';
import { KeptBytes } from './kept-bytes.js';
import type { PageSource, RawItem } from '../types.js';

/** The client already held the decoded body under its cap; this only guards against a bug. */
const MAX_DECODED_BYTES = 1024 * 1024 * 1024;

/** A body that came uncompressed and is at least this big is kept compressed. */
const COMPRESS_FROM_BYTES = 4096;

/**
 * Brotli at quality 1, a new encoder per body: the cheapest way measured that keeps every shape's
 * 1,000,000 items within the memory goal. On a page of 100 `long` items (108 KB as it came) it
 * costs 0.19 ms for 10.2 KB kept, where raw deflate level 5 against the listing's first page as a
 * dictionary cost 0.65 ms for 8.3 KB; on `custom` 0.09 ms for 6.3 KB (bench/kept-bodies.mjs,
 * bench/results/g-cpu-shapes.md). Node's synchronous zlib calls close their engine after each
 * call: an encoder cannot be reused without its internals.
 */
const QUALITY = 1;

/**
 * Bodies up to this size are compressed at once on the main thread (a page of 100 long names takes
 * a fraction of a millisecond); on the thread pool the stream around each call cost as much again.
 * A bigger one is compressed there, so no single body holds the terminal up.
 */
const SYNC_COMPRESS_MAX_BYTES = 256 * 1024;

/** A kept body, with the codings still to undo (as it came, or brotli). */
export type KeptSource = PageSource;

/**
 * Keeps one listing's bodies. A body that came uncompressed (a server that does not compress) is
 * kept brotli-encoded: as it came, a page of 100 items is 25 to 110 KB, which over 1,000,000 items
 * is hundreds of megabytes.
 */
export class BodyKeeper {
  readonly #kept = new KeptBytes();

  /**
   * `source` copied into the listing's kept bytes (kept-bytes.ts): never the buffer it came in,
   * which a small body read from the socket may share with others. Takes the body: once kept, a
   * buffer of its own is released (release-bytes.ts).
   */
  keep(source: PageSource): KeptSource {
    const bytes = source.bytes;
    if (source.codings.length === 0 && bytes.byteLength > SYNC_COMPRESS_MAX_BYTES) return compressedLater(ownBytes(source).bytes, this.#kept);
    const kept = this.#keepAtOnce(source);
    releaseWholeBuffer(bytes);
    return kept;
  }

  #keepAtOnce(source: PageSource): KeptSource {
    if (source.codings.length > 0 || source.bytes.byteLength < COMPRESS_FROM_BYTES) return this.#asItCame(source);
    let encoded: Buffer;
    try {
      encoded = brotliCompressSync(source.bytes, brotliOptions(source.bytes));
    } catch {
      // An encoder that fails (out of memory, say) costs only the bytes it would have saved.
      return this.#asItCame(source);
    }
    const bytes = encoded.byteLength < source.bytes.byteLength ? this.#kept.copy(encoded) : undefined;
    // The encoder's own output chunk, which nothing else reads.
    releaseBuffer(encoded);
    return bytes === undefined ? this.#asItCame(source) : { bytes, codings: ['br'] };
  }

  #asItCame(source: PageSource): KeptSource {
    return { bytes: this.#kept.copy(source.bytes), codings: source.codings };
  }
}

function brotliOptions(bytes: Uint8Array): { params: Record<number, number> } {
  return { params: { [constants.BROTLI_PARAM_QUALITY]: QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } };
}

function ownBytes(source: PageSource): PageSource {
  const bytes = source.bytes;
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? source : { bytes: new Uint8Array(bytes), codings: source.codings };
}

/** The items `source` was parsed into; `picks`, when given, are the positions kept of them. */
export function itemsOfSource(source: KeptSource, picks: readonly number[] | undefined): readonly RawItem[] {
  const body = source.codings.length === 0 ? source.bytes : decodeSync(source.bytes, source.codings, MAX_DECODED_BYTES);
  const items = parseListBody(decodeBody(body)).items;
  return picks === undefined ? items : picks.map((at) => items[at] as RawItem);
}

/** A big body kept as it came until the thread pool has compressed it, then compressed (both read the same). */
function compressedLater(bytes: Uint8Array, into: KeptBytes): KeptSource {
  const kept: { bytes: Uint8Array; codings: readonly string[] } = { bytes, codings: [] };
  brotliCompress(bytes, brotliOptions(bytes), (error, encoded) => {
    if (error !== null) return;
    if (encoded.byteLength < bytes.byteLength) {
      kept.bytes = into.copy(encoded);
      kept.codings = ['br'];
      releaseWholeBuffer(bytes);
    }
    releaseBuffer(encoded);
  });
  return kept;
}
