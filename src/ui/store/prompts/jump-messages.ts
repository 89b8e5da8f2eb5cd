/** What `:` says: why an id cannot be asked for, and where a page was found. */
import { encodeIdSegment } from '../../../api/http/paths.js';
import { isApiError } from '../../../api/http/errors.js';
import type { RawItem } from '../../../api/types.js';
import { countText } from '../../../text/count.js';
import { displayWidth, truncate } from '../../../text/width.js';
import { spokenNameOf } from '../list/items.js';
import type { ToastRequest } from '../store-context.js';
import { inForms } from '../status-message.js';

const count = countText;

/** Why an id cannot be used, the way the API client refuses it; undefined when it can. */
export function badIdReason(id: string, what: string): string | undefined {
  try {
    encodeIdSegment(id, what);
    return undefined;
  } catch (error) {
    if (isApiError(error)) return error.message;
    throw error;
  }
}

/** Columns a name keeps before where it landed gives way to it. */
const NAME_KEPT = 12;

/**
 * "Hero signup form 500, row 500 (grp-1-p500).": the page's name first, so a cut at 40 columns
 * keeps it; a long name is cut instead of where it landed, while the name keeps NAME_KEPT columns.
 */
export function foundMessage(pageId: string, raw: RawItem | undefined, row: number): Pick<ToastRequest, 'text' | 'fitted'> {
  const name = raw === undefined ? '' : spokenNameOf('pages', raw);
  if (name === '' || name === pageId) return { text: `Page "${pageId}", row ${count(row)}.` };
  const where = `, row ${count(row)} (${pageId}).`;
  const whole = `${name}${where}`;
  return inForms([whole], (width) => {
    const room = width - displayWidth(where);
    return room >= NAME_KEPT ? `${truncate(name, room)}${where}` : whole;
  });
}
