/**
 * Decoding a small compressed body in one synchronous call. A page of 100 items is a few KB on
 * the wire: node:zlib's streams (a pipeline, a decoder on the thread pool, an async iterator,
 * an AbortSignal per body) cost more than the decoding itself, once per request.
 */
import * as zlib from 'node:zlib';

type SyncDecoder = (bytes: Uint8Array, options: { maxOutputLength: number }) => Buffer;

const zstdSync = (zlib as { zstdDecompressSync?: unknown }).zstdDecompressSync;

const SYNC_DECODERS: Readonly<Record<string, SyncDecoder>> = {
  gzip: zlib.gunzipSync,
  'x-gzip': zlib.gunzipSync,
  br: zlib.brotliDecompressSync,
  deflate: zlib.inflateSync,
  ...(typeof zstdSync === 'function' ? { zstd: zstdSync as SyncDecoder } : {}),
};

/**
 * Bodies up to this size on the wire are decoded synchronously; larger ones (and bodies of
 * unknown length) as streams, so a big body never holds up the terminal for long.
 */
export const SYNC_DECODE_MAX_WIRE_BYTES = 256 * 1024;

/** Whether every coding can be undone synchronously on this Node. */
export function canDecodeSync(codings: readonly string[]): boolean {
  return codings.every((c) => Object.hasOwn(SYNC_DECODERS, c));
}

/** Thrown when a decoded body would pass `max` bytes. */
export class DecodedTooLarge extends Error {}

/**
 * Undoes `codings` (outermost first) on `bytes`; never produces more than `max` bytes
 * (DecodedTooLarge), and rethrows zlib's error for data that does not decode.
 */
export function decodeSync(bytes: Uint8Array, codings: readonly string[], max: number): Uint8Array {
  let out = bytes;
  for (const coding of codings) {
    try {
      out = (SYNC_DECODERS[coding] as SyncDecoder)(out, { maxOutputLength: max });
    } catch (err) {
      if ((err as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw new DecodedTooLarge();
      throw err;
    }
  }
  return out;
}
