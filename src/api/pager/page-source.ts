/**
 * A list response kept as its body, to be parsed again when its items are read: the bytes as they
 * came off the wire (a page of 100 items is some 3 KB gzip-encoded against about 25 KB of
 * decoded text and 30 KB or more as parsed objects), decoded and parsed exactly as they were the
 * first time, so they give the same items.
 */
import { deflate } from 'node:zlib';
import { decodeBody, parseListBody } from '../http/parse.js';
import { decodeSync } from '../http/sync-decode.js';
import type { PageSource, RawItem } from '../types.js';

/** The client already held the decoded body under its cap; this only guards against a bug. */
const MAX_DECODED_BYTES = 1024 * 1024 * 1024;

/** A body that came uncompressed and is at least this big is kept deflated. */
const DEFLATE_FROM_BYTES = 4096;

/**
 * zlib's default level: on pages of long names in many scripts a fifth smaller than level 1 (9.3
 * against 11.7 KB a page of 100), for about half a millisecond more a page on the thread pool;
 * reading a page again inflates it no slower.
 */
const DEFLATE_LEVEL = 6;

/**
 * `source` with bytes of its own: a small body read from the socket may share an 8 KB pool slab.
 * One that came uncompressed (a server that does not compress) is kept deflated once the thread
 * pool has compressed it: as it came, a page of 100 items is 25 to 100 KB, which over 1,000,000
 * items is hundreds of megabytes. The compression runs off the main thread, so `G` does not wait for it.
 */
export function ownSource(source: PageSource): PageSource {
  const bytes = source.bytes;
  const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? source : { bytes: new Uint8Array(bytes), codings: source.codings };
  return owned.codings.length === 0 && bytes.byteLength >= DEFLATE_FROM_BYTES ? deflatedLater(owned.bytes) : owned;
}

/** The items `source` was parsed into; `picks`, when given, are the positions kept of them. */
export function itemsOfSource(source: PageSource, picks: readonly number[] | undefined): readonly RawItem[] {
  const bytes = source.codings.length === 0 ? source.bytes : decodeSync(source.bytes, source.codings, MAX_DECODED_BYTES);
  const items = parseListBody(decodeBody(bytes)).items;
  return picks === undefined ? items : picks.map((at) => items[at] as RawItem);
}

/** A body kept as it came until the thread pool has deflated it, then deflated (both read the same). */
function deflatedLater(bytes: Uint8Array): PageSource {
  const kept: { bytes: Uint8Array; codings: readonly string[] } = { bytes, codings: [] };
  deflate(bytes, { level: DEFLATE_LEVEL }, (error, deflated) => {
    if (error === null && deflated.byteLength < bytes.byteLength) {
      kept.bytes = deflated;
      kept.codings = ['deflate'];
    }
  });
  return kept;
}
