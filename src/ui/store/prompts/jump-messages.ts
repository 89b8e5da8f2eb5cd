/** What `:` says: why an id cannot be asked for, and where a page was found; and what it takes as quitting. */
import { encodeIdSegment } from '../../../api/http/paths.js';
import { isApiError } from '../../../api/http/errors.js';
import type { RawItem } from '../../../api/types.js';
import { countText } from '../../../text/count.js';
import { displayWidth, truncate } from '../../../text/width.js';
import { sanitize } from '../../../text/sanitize.js';
import { spokenNameOf } from '../list/items.js';
import type { ToastRequest } from '../store-context.js';
import { inForms } from '../status-message.js';
import { quotedOnce } from '../../../text/quoted.js';

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

/** `:q`, `:quit`, `:q!` and vim's `:wq` quit (k9s, vim): no id is looked for. A group or page with such an id is opened by browsing to it. */
const QUIT_COMMANDS: ReadonlySet<string> = new Set(['q', 'quit', 'q!', 'wq', 'wq!']);

/** Whether what was typed at `:` asks to quit. */
export const isQuitCommand = (typed: string): boolean => QUIT_COMMANDS.has(typed.trim());

/** Columns a name keeps before where it landed gives way to it. */
const NAME_KEPT = 12;

/** Columns of a cleared filter's query said in the message. */
const QUERY_SAID = 16;


/** 'Filter "p1" cleared', the query sanitised and cut. */
export const filterCleared = (query: string): string => `Filter ${quotedOnce(truncate(sanitize(query), QUERY_SAID))} cleared`;

/**
 * "Hero signup form 500, row 500 (grp-1-p500).": the page's name first, so a cut at 40 columns
 * keeps it; a long name is cut instead of where it landed, while the name keeps NAME_KEPT columns.
 * `clearedQuery`: the filter that hid the page, cleared to show it, is said after it
 * ("Filter "p1" cleared: it hid the page."), shorter where the row is narrow ("Filter cleared.").
 */
export function foundMessage(pageId: string, raw: RawItem | undefined, row: number, clearedQuery?: string): Pick<ToastRequest, 'text' | 'fitted'> {
  const name = raw === undefined ? '' : spokenNameOf('pages', raw);
  const found = name === '' || name === pageId ? `Page "${pageId}", row ${count(row)}.` : `${name}, row ${count(row)} (${pageId}).`;
  if (clearedQuery === undefined && found.startsWith('Page "')) return { text: found };
  const said = clearedQuery === undefined ? '' : clearedQuery === '' ? ' Filter cleared.' : ` ${filterCleared(clearedQuery)}: it hid the page.`;
  const short = clearedQuery === undefined ? '' : ' Filter cleared.';
  const where = found.startsWith('Page "') ? '' : `, row ${count(row)} (${pageId}).`;
  // Narrower still, the id goes before the name does: the selected row shows it.
  const rowOnly = `, row ${count(row)}.${short}`;
  return inForms([`${found}${said}`, `${found}${short}`], (width) => {
    if (where === '') return `${found}${short}`;
    // A long name is cut before the filter's query goes.
    const roomWithQuery = width - displayWidth(`${where}${said}`);
    if (said !== short && roomWithQuery >= NAME_KEPT) return `${truncate(name, roomWithQuery)}${where}${said}`;
    const room = width - displayWidth(`${where}${short}`);
    if (room >= NAME_KEPT) return `${truncate(name, room)}${where}${short}`;
    const left = width - displayWidth(rowOnly);
    return short !== '' && left >= NAME_KEPT / 2 ? `${truncate(name, left)}${rowOnly}` : `${found}${short}`;
  });
}
