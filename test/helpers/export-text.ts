/** The whole text an exporter was given, whether as one string or as its pieces. */
import type { AtomicData } from '../../src/fs/atomic-write.js';

export async function textOf(data: AtomicData): Promise<string> {
  if (typeof data === 'string') return data;
  if (data instanceof Uint8Array) return Buffer.from(data).toString('utf8');
  const pieces: Buffer[] = [];
  for await (const piece of data) pieces.push(Buffer.from(piece));
  return Buffer.concat(pieces).toString('utf8');
}
