/**
 * A list response kept as its body, to be parsed again when its items are read: the bytes as they
 * came off the wire (a page of 100 items is some 3 KB gzip-encoded against about 25 KB of
 * decoded text and 30 KB or more as parsed objects), decoded and parsed exactly as they were the
 * first time, so they give the same items.
 */
import { decodeBody, parseListBody } from '../http/parse.js';
import { decodeSync } from '../http/sync-decode.js';
import type { PageSource, RawItem } from '../types.js';

/** The client already held the decoded body under its cap; this only guards against a bug. */
const MAX_DECODED_BYTES = 1024 * 1024 * 1024;

/** `source` with bytes of its own: a small body read from the socket may share an 8 KB pool slab. */
export function ownSource(source: PageSource): PageSource {
  const bytes = source.bytes;
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return source;
  return { bytes: new Uint8Array(bytes), codings: source.codings };
}

/** The items `source` was parsed into; `picks`, when given, are the positions kept of them. */
export function itemsOfSource(source: PageSource, picks: readonly number[] | undefined): readonly RawItem[] {
  const bytes = source.codings.length === 0 ? source.bytes : decodeSync(source.bytes, source.codings, MAX_DECODED_BYTES);
  const items = parseListBody(decodeBody(bytes)).items;
  return picks === undefined ? items : picks.map((at) => items[at] as RawItem);
}
