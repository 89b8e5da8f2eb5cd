/**
 * Node 24 made Buffer's shared pool 64 KB, from 8 KB: every `Buffer.allocUnsafe` of up to 32 KB is
 * then a slice of one, zlib's 16 KB output chunks among them. A kept body's encoder output
 * (page-source.ts) could then no longer be given back at once (release-bytes.ts: Node's pool cannot
 * be transferred), and a pool lives as long as any slice of it. On Node 24 an 8 KB pool made `G`
 * over 100,000 items from a server that does not compress 0.065 ± 0.028 of the bare loop's time
 * shorter (`demo`, 16 rounds paired) and RSS after it over `long` 6 MB lower (bench/results/by-node.md).
 * Set before the app reads a response; a pool already made is used up first.
 */
import { Buffer } from 'node:buffer';

const POOL_BYTES = 8 * 1024;

export function keepBufferPoolSmall(): void {
  if (Buffer.poolSize > POOL_BYTES) Buffer.poolSize = POOL_BYTES;
}
