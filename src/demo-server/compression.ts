/**
 * Response compression for the demo server, as nginx or a CDN would do it: gzip or br when the
 * request's Accept-Encoding allows it, decided per request. Levels are the on-the-fly kind
 * (gzip 6, brotli 5): a 100-item page compresses in well under a millisecond.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type DemoEncoding = 'br' | 'gzip';

/** Server preference on equal q-values: brotli is the smaller of the two for JSON. */
const PREFERENCE: readonly DemoEncoding[] = ['br', 'gzip'];

/**
 * The encoding to answer with, from an Accept-Encoding value (minimal parsing: codings and
 * their q-values, `*` for the rest, q=0 refuses). Undefined: send the body as it is.
 */
export function chooseEncoding(acceptEncoding: string | undefined): DemoEncoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name === '') continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) weight = Number(m[1]);
    }
    const key = name === 'x-gzip' ? 'gzip' : name;
    if (Number.isFinite(weight) && !q.has(key)) q.set(key, weight);
  }
  const wildcard = q.get('*') ?? 0;
  let best: DemoEncoding | undefined;
  let bestQ = 0;
  for (const enc of PREFERENCE) {
    const weight = q.get(enc) ?? wildcard;
    if (weight > bestQ) {
      best = enc;
      bestQ = weight;
    }
  }
  return best;
}

/** The body encoded as `encoding`. */
export function compressBody(body: string, encoding: DemoEncoding): Buffer {
  const bytes = Buffer.from(body);
  if (encoding === 'gzip') return gzipSync(bytes, { level: 6 });
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}
