/**
 * Opaque list cursors: base64url of a small JSON `{g, o}` where `g` names the listing (a group id,
 * or null for the page-group list) and `o` is the offset of the next item.
 */

interface CursorPayload {
  g: string | null;
  o: number;
}

export function encodeCursor(listing: string | null, offset: number): string {
  const payload: CursorPayload = { g: listing, o: offset };
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
  const { g, o } = payload as Record<string, unknown>;
  if (!(g === null || typeof g === 'string') || typeof o !== 'number' || !Number.isSafeInteger(o)) {
    return { reason: 'cursor is not a cursor this server issued' };
  }
  if (g !== listing) return { reason: 'cursor belongs to a different listing' };
  if (o < 0 || o > total) return { reason: 'cursor points outside this listing' };
  return { offset: o };
}
