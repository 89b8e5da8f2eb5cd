/**
 * A list response kept as its body, to be parsed again when its items are read: the bytes as they
 * came off the wire (a page of 100 items is some 3 KB gzip-encoded against about 25 KB of
 * decoded text and 30 KB or more as parsed objects), decoded and parsed exactly as they were the
 * first time, so they give the same items.
 */
import { brotliCompressSync, constants, deflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';
import { decodeBody, parseListBody } from '../http/parse.js';
import { releaseBuffer, releaseWholeBuffer } from '../http/release-bytes.js';
import { decodeSync } from '../http/sync-decode.js';
import { KeptBytes } from './kept-bytes.js';
import type { PageSource, RawItem } from '../types.js';

/** The client already held the decoded body under its cap; this only guards against a bug. */
const MAX_DECODED_BYTES = 1024 * 1024 * 1024;

/** A body that came uncompressed and is at least this big is kept deflated. */
const DEFLATE_FROM_BYTES = 4096;

/**
 * With the listing's first body as a dictionary (pages of one listing share field names and many
 * values), level 5 keeps pages a tenth smaller than zlib's default level without one (8.3 against
 * 9.3 KB a page of 100 long names) for about the same CPU; done at once, it also saves the thread
 * pool's stream around each call (bench/results/g-cpu-shapes.md).
 */
const DEFLATE_LEVEL = 5;

/**
 * A page of small items (under SMALL_ITEM_BYTES each as it came) is kept brotli-encoded at quality
 * 1 instead: level 5 against the dictionary cost about half the bare request's CPU again where the
 * rest of such a page's handling is cheap, brotli 1 about a quarter of that (0.1–0.2 against
 * 0.3–0.5 ms a page of `custom` or `mixed`), for bodies a sixth bigger (6.2 against 5.0 KB a page
 * of 100 `custom` items, 6.4 against 4.7 `mixed`): 10–17 MB over 1,000,000 such items. Big items,
 * where each level saves the most bytes, stay at level 5 (bench/results/g-cpu-shapes.md).
 */
const SMALL_ITEM_BYTES = 768;
const SMALL_ITEM_QUALITY = 1;

/** Deflate keeps a window of 32 KB: the dictionary is at most the first body's last 32 KB. */
const DICTIONARY_BYTES = 32 * 1024;

/**
 * Bodies up to this size are deflated at once on the main thread (a page of 100 long names takes
 * well under a millisecond); on the thread pool the stream around each call cost as much again.
 * A bigger one is deflated there, so no single body holds the terminal up.
 */
const SYNC_DEFLATE_MAX_BYTES = 256 * 1024;

/** A kept body: with the codings still to undo (as it came, or brotli), or raw deflate against `dictionary`. */
export interface KeptSource extends PageSource {
  readonly dictionary?: Uint8Array;
}

/**
 * Keeps one listing's bodies. A body that came uncompressed (a server that does not compress) is
 * kept deflated (or brotli-encoded, small items): as it came, a page of 100 items is 25 to 100 KB, which over 1,000,000 items is
 * hundreds of megabytes.
 */
export class BodyKeeper {
  #dictionary: Uint8Array | undefined;
  readonly #kept = new KeptBytes();

  /**
   * `source`, which `items` items came in, copied into the listing's kept bytes (kept-bytes.ts):
   * never the buffer it came in, which a small body read from the socket may share with others.
   * Takes the body: once kept, a buffer of its own is released (release-bytes.ts).
   */
  keep(source: PageSource, items: number): KeptSource {
    const bytes = source.bytes;
    if (source.codings.length === 0 && bytes.byteLength > SYNC_DEFLATE_MAX_BYTES) {
      return deflatedLater(ownBytes(source).bytes, this.#dictionaryFrom(bytes), this.#kept);
    }
    const kept = this.#keepAtOnce(source, items);
    releaseWholeBuffer(bytes);
    return kept;
  }

  #keepAtOnce(source: PageSource, items: number): KeptSource {
    try {
      return this.#encoded(source, items);
    } catch {
      // An encoder that fails (out of memory, say) costs only the bytes it would have saved.
      return this.#asItCame(source);
    }
  }

  #encoded(source: PageSource, items: number): KeptSource {
    const bytes = source.bytes;
    if (source.codings.length > 0 || bytes.byteLength < DEFLATE_FROM_BYTES) return this.#asItCame(source);
    if (bytes.byteLength < items * SMALL_ITEM_BYTES) return this.#smaller(source, brotliSmall(bytes), ['br']);
    const dictionary = this.#dictionaryFrom(bytes);
    return this.#smaller(source, deflateRawSync(bytes, { level: DEFLATE_LEVEL, dictionary }), [], dictionary);
  }

  /** The listing's dictionary, taken from its first body: a copy (a Buffer's slice would be a view of the body, released once kept). */
  #dictionaryFrom(bytes: Uint8Array): Uint8Array {
    this.#dictionary ??= new Uint8Array(bytes.subarray(Math.max(0, bytes.byteLength - DICTIONARY_BYTES)));
    return this.#dictionary;
  }

  #asItCame(source: PageSource): KeptSource {
    return { bytes: this.#kept.copy(source.bytes), codings: source.codings };
  }

  /** `encoded` kept (undone by `codings`, then `dictionary`) when smaller than `source` as it came. */
  #smaller(source: PageSource, encoded: Uint8Array, codings: readonly string[], dictionary?: Uint8Array): KeptSource {
    const bytes = encoded.byteLength < source.bytes.byteLength ? this.#kept.copy(encoded) : undefined;
    // The encoder's own output chunk, which nothing else reads.
    releaseBuffer(encoded);
    if (bytes === undefined) return this.#asItCame(source);
    return dictionary === undefined ? { bytes, codings } : { bytes, codings, dictionary };
  }
}

function brotliSmall(bytes: Uint8Array): Buffer {
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: SMALL_ITEM_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } });
}

function ownBytes(source: PageSource): PageSource {
  const bytes = source.bytes;
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? source : { bytes: new Uint8Array(bytes), codings: source.codings };
}

/** The items `source` was parsed into; `picks`, when given, are the positions kept of them. */
export function itemsOfSource(source: KeptSource, picks: readonly number[] | undefined): readonly RawItem[] {
  const items = parseListBody(decodeBody(bodyOf(source))).items;
  return picks === undefined ? items : picks.map((at) => items[at] as RawItem);
}

function bodyOf(source: KeptSource): Uint8Array {
  if (source.dictionary !== undefined) return inflateRawSync(source.bytes, { dictionary: source.dictionary, maxOutputLength: MAX_DECODED_BYTES });
  return source.codings.length === 0 ? source.bytes : decodeSync(source.bytes, source.codings, MAX_DECODED_BYTES);
}

/** A big body kept as it came until the thread pool has deflated it, then deflated (both read the same). */
function deflatedLater(bytes: Uint8Array, dictionary: Uint8Array, into: KeptBytes): KeptSource {
  const kept: { bytes: Uint8Array; codings: readonly string[]; dictionary?: Uint8Array } = { bytes, codings: [] };
  deflateRaw(bytes, { level: DEFLATE_LEVEL, dictionary }, (error, deflated) => {
    if (error === null && deflated.byteLength < bytes.byteLength) {
      kept.bytes = into.copy(deflated);
      kept.dictionary = dictionary;
      releaseWholeBuffer(bytes);
    }
    if (error === null) releaseBuffer(deflated);
  });
  return kept;
}
