/**
 * Opaque list cursors: base64url of a small JSON `{g, o}` where `g` names the listing (a group id,
 * or null for the page-group list) and `o` is the offset of the next item.
 */

interface CursorPayload {
  g: string | null;
  o: number;
  /** The server's cursor epoch when issued (absent: 0); older cursors have expired. */
  e?: number;
}

/** The reason a cursor from before the last `expireCursors()` is refused with. */
const EXPIRED_CURSOR_REASON = 'cursor has expired; start again from the first page';

export function encodeCursor(listing: string | null, offset: number, epoch = 0): string {
  const payload: CursorPayload = epoch === 0 ? { g: listing, o: offset } : { g: listing, o: offset, e: epoch };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/**
 * The offset a cursor points at, or an explanation of why it is not a valid cursor for this
 * listing (`total` items).
 */
export function decodeCursor(
  cursor: string,
  listing: string | null,
  total: number,
  epoch = 0,
): { offset: number } | { reason: string } {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return { reason: 'cursor is not a cursor this server issued' };
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return { reason: 'cursor is not a cursor this server issued' };
  }
  if (typeof payload !== 'object' || payload === null) {
    return { reason: 'cursor is not a cursor this server issued' };
  }
  const { g, o, e = 0 } = payload as Record<string, unknown>;
  if (!(g === null || typeof g === 'string') || typeof o !== 'number' || !Number.isSafeInteger(o)) {
    return { reason: 'cursor is not a cursor this server issued' };
  }
  if (g !== listing) return { reason: 'cursor belongs to a different listing' };
  if (typeof e !== 'number' || e < epoch) return { reason: EXPIRED_CURSOR_REASON };
  if (o < 0 || o > total) return { reason: 'cursor points outside this listing' };
  return { offset: o };
}
