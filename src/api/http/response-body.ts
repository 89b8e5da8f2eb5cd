/**
 * Reads a response body: undoes its Content-Encoding (gzip, br, deflate, and zstd where this
 * Node's zlib has it) as a stream and holds both the bytes on the wire and the decoded bytes
 * to a cap, so a small compressed body cannot expand without limit.
 *
 * Decoding is node:zlib's streams, not undici's `interceptors.decompress` (7.30): that one
 * prints an ExperimentalWarning on stderr when it is created, which would reach the commands'
 * stderr and the terminal; it passes an encoding it does not know through as raw bytes (read
 * later as "not valid JSON"); and it leaves error bodies encoded by default. Here an unknown
 * or broken encoding is a typed error and one place counts the bytes for the cap.
 */
import { pipeline, Transform, type Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { byteSize } from '../../text/bytes.js';
import { ApiError } from './errors.js';
import { canDecodeSync, decodeSync, DecodedTooLarge, SYNC_DECODE_MAX_WIRE_BYTES } from './sync-decode.js';

type Decoder = () => Transform;

const createZstd = (zlib as { createZstdDecompress?: unknown }).createZstdDecompress;
const hasZstd = typeof createZstd === 'function';

const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  br: () => zlib.createBrotliDecompress(),
  deflate: () => zlib.createInflate(),
  ...(hasZstd ? { zstd: () => (createZstd as () => Transform)() } : {}),
};

/** What the client asks for: the encodings it can decode, best ratio last (servers pick). */
export const ACCEPT_ENCODING = hasZstd ? 'gzip, br, zstd' : 'gzip, br';

/** More stacked encodings than this is no real server, only a way to burn CPU. */
const MAX_CODINGS = 3;

/** The parts of a response this module reads. */
export interface BodySource {
  readonly statusCode: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Readable;
}

/**
 * Reads a body, decoded, up to `max` bytes (both on the wire and decoded). Past it: `strict`
 * throws RESPONSE_TOO_LARGE, otherwise the first `max` bytes are kept; either way the rest is
 * not read (the connection is closed). An unknown or broken encoding throws
 * UNSUPPORTED_ENCODING / BAD_ENCODING when `strict`, otherwise gives an empty body, so an
 * error status is still reported as such. Transport failures are rethrown as undici raised them.
 * `onWire` is told the bytes as they came off the wire and their codings, when the body was read
 * whole before decoding (plain, or small and decoded in one call).
 */
export async function readResponseBody(
  res: BodySource,
  max: number,
  strict: boolean,
  onWire?: (wire: Uint8Array, codings: readonly string[]) => void,
): Promise<Uint8Array> {
  const body = res.body;
  // Destroying an unfinished body makes undici emit an error; it is handled here, not leaked.
  body.on('error', () => {});
  const tooLarge = (): ApiError =>
    new ApiError('bad-response', 'RESPONSE_TOO_LARGE', `The server's response is larger than ${byteSize(max)}.`, {
      status: res.statusCode,
    });
  const declared = Number(res.headers['content-length']);
  if (strict && Number.isFinite(declared) && declared > max) {
    body.destroy();
    throw tooLarge();
  }
  let codings: string[];
  try {
    codings = contentCodings(res.headers['content-encoding'], res.statusCode);
  } catch (err) {
    body.destroy();
    if (strict) throw err;
    return new Uint8Array(0);
  }
  if (codings.length === 0) {
    const plain = await readPlain(body, max, strict, tooLarge, declared);
    onWire?.(plain, codings);
    return plain;
  }
  if (strict && Number.isFinite(declared) && declared <= Math.min(max, SYNC_DECODE_MAX_WIRE_BYTES) && canDecodeSync(codings)) {
    return readSmallDecoded(body, codings, max, tooLarge, res.statusCode, onWire, declared);
  }
  return readDecoded(body, codings, max, strict, tooLarge, res.statusCode);
}

/** A small body of known length: read whole, then decoded in one call (see sync-decode.ts). */
async function readSmallDecoded(
  body: Readable,
  codings: readonly string[],
  max: number,
  tooLarge: () => ApiError,
  status: number,
  onWire: ((wire: Uint8Array, codings: readonly string[]) => void) | undefined,
  declared: number,
): Promise<Uint8Array> {
  const wire = await readPlain(body, max, true, tooLarge, declared);
  // A body with no bytes at all (a HEAD-like answer that still names an encoding) is empty.
  if (wire.length === 0) return wire;
  try {
    const decoded = decodeSync(wire, codings, max);
    onWire?.(wire, codings);
    return decoded;
  } catch (err) {
    if (err instanceof DecodedTooLarge) throw tooLarge();
    throw badEncoding(codings, err, status);
  }
}

function badEncoding(codings: readonly string[], failure: unknown, status: number): ApiError {
  return new ApiError('bad-response', 'BAD_ENCODING', `The server's ${codings.join(' + ')} response could not be decoded (${decoderReason(failure)}).`, {
    status,
    cause: failure,
  });
}

/** The codings to undo, outermost first; throws UNSUPPORTED_ENCODING for one we cannot. */
function contentCodings(header: string | string[] | undefined, status?: number): string[] {
  // No Content-Encoding (every page from a server that does not compress): nothing to split.
  if (header === undefined || header === '') return [];
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  const codings = joined
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse();
  const unknown = codings.find((c) => !Object.hasOwn(DECODERS, c));
  if (unknown !== undefined || codings.length > MAX_CODINGS) {
    const named = unknown === undefined ? `${codings.length} stacked encodings` : `"${printable(unknown)}"`;
    throw new ApiError('bad-response', 'UNSUPPORTED_ENCODING', `The server sent its response in an encoding pagetui cannot read (${named}).`, {
      status,
    });
  }
  return codings;
}

/** undici's body, which can read itself whole without a stream's async iterator. */
type WholeReadable = Readable & { bytes?: () => Promise<Uint8Array> };

async function readPlain(body: Readable, max: number, strict: boolean, tooLarge: () => ApiError, declared = Number.NaN): Promise<Uint8Array> {
  // A body of known length within the cap is read in one call: an async iterator per body (its
  // promises, one per chunk) is a large part of the client's cost per page over `G`. undici fails
  // it if the connection ends short, and reads no byte past the declared length.
  const whole = (body as WholeReadable).bytes;
  if (typeof whole === 'function' && Number.isInteger(declared) && declared >= 0 && declared <= max) {
    const bytes = await whole.call(body);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      total += buf.length;
      if (total > max) {
        body.destroy();
        if (strict) throw tooLarge();
        chunks.push(buf.subarray(0, buf.length - (total - max)));
        total = max;
        break;
      }
      chunks.push(buf);
    }
  } catch (err) {
    if (!body.destroyed) body.destroy();
    throw err;
  }
  return Buffer.concat(chunks, total);
}

/** Marks the wire-side cap being hit inside the pipeline (not a decoding failure). */
class WireCapExceeded extends Error {}

async function readDecoded(
  body: Readable,
  codings: readonly string[],
  max: number,
  strict: boolean,
  tooLarge: () => ApiError,
  status: number,
): Promise<Uint8Array> {
  // Who failed first decides the error: the connection (rethrown for transportError), the
  // wire cap, or a decoder. Streams destroyed by the pipeline afterwards repeat that error.
  let first: { from: 'wire' | 'decoder'; err: unknown } | undefined;
  body.on('error', (err) => (first ??= { from: 'wire', err }));
  let wireBytes = 0;
  const wireCounter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      wireBytes += chunk.length;
      if (wireBytes > max) done(new WireCapExceeded());
      else done(null, chunk);
    },
  });
  wireCounter.on('error', (err) => (first ??= { from: 'wire', err }));
  const decoders = codings.map((c) => {
    const d = (DECODERS[c] as Decoder)();
    d.on('error', (err) => (first ??= { from: 'decoder', err }));
    return d;
  });
  const decoded = pipeline([body, wireCounter, ...decoders], () => {}) as Transform;

  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of decoded) {
      const buf = chunk as Buffer;
      total += buf.length;
      if (total > max) {
        if (strict) throw tooLarge();
        chunks.push(buf.subarray(0, buf.length - (total - max)));
        total = max;
        break;
      }
      chunks.push(buf);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const failure = first?.err ?? err;
    if (failure instanceof WireCapExceeded) {
      if (strict) throw tooLarge();
      return Buffer.concat(chunks, total);
    }
    if (first?.from === 'decoder') {
      // A body with no bytes at all (a HEAD-like answer that still names an encoding) is empty.
      if (wireBytes === 0) return new Uint8Array(0);
      if (!strict) return new Uint8Array(0);
      throw badEncoding(codings, failure, status);
    }
    throw failure;
  } finally {
    // Stopping early (cap, failure) closes the connection rather than reading on.
    if (!decoded.readableEnded) decoded.destroy();
    if (!body.readableEnded && !body.destroyed) body.destroy();
  }
  return Buffer.concat(chunks, total);
}

function decoderReason(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  if (/unexpected end/i.test(message)) return 'it ends too early';
  return printable(message === '' ? 'invalid data' : message.toLowerCase());
}

/** Server text that goes into a message: visible ASCII only, short. */
function printable(text: string): string {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 39)}…` : clean;
}

