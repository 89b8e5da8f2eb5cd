/** What the status bar says after a copy: only what is known to have happened. */
import { displayWidth, truncate } from '../../../text/index.js';
import { inForms, type StatusMessage } from '../status-message.js';

/** Nobody can tell whether a terminal accepted an OSC 52; the message says so. */
const TERMINAL_DECIDES = 'your terminal decides whether to accept it';

/**
 * Narrower than its forms (from `inForms`), a copy's message still says what was copied: `what` is
 * cut at its end (an id's start is what tells it), keeping " as JSON", and where it went stays.
 */
function namingWhat(what: string, last: (what: string) => string): (width: number) => string {
  return (width) => last(cutWhat(what, width - displayWidth(last(''))));
}

function cutWhat(what: string, room: number): string {
  if (displayWidth(what) <= room) return what;
  const tail = / as JSON$/.exec(what)?.[0] ?? '';
  const head = what.slice(0, what.length - tail.length);
  return room - displayWidth(tail) >= 4 ? `${truncate(head, room - displayWidth(tail))}${tail}` : truncate(what, Math.max(1, room));
}

/** The message for `what` ('grp-1', 'the value of title') copied by `method`. */
export function copiedMessage(what: string, method: string): StatusMessage {
  switch (method) {
    case 'tmux buffer':
      return { tone: 'success', ...inForms([`Copied ${what} to the tmux buffer (prefix ])`, `Copied ${what} to the tmux buffer`, `Copied ${what} (tmux buffer)`], namingWhat(what, (w) => `Copied ${w} (tmux)`)) };
    case 'tmux buffer + OSC 52':
      return { tone: 'success', ...inForms([`Copied ${what} to the tmux buffer (prefix ]) and sent it to the terminal's clipboard (OSC 52)`, `Copied ${what} to the tmux buffer and the clipboard`, `Copied ${what} (tmux buffer, clipboard)`, `Copied ${what} (tmux, clipboard)`], namingWhat(what, (w) => `Copied ${w} (tmux+OSC 52)`)) };
    case 'OSC 52 via tmux':
      return { tone: 'info', text: `Sent ${what} through tmux to the terminal's clipboard (OSC 52)`, hint: TERMINAL_DECIDES };
    case 'OSC 52 via screen':
      return { tone: 'info', text: `Sent ${what} through screen to the terminal's clipboard (OSC 52)`, hint: TERMINAL_DECIDES };
    case 'OSC 52':
      return { tone: 'info', text: `Sent ${what} to the terminal's clipboard (OSC 52)`, hint: TERMINAL_DECIDES };
    default:
      return { tone: 'success', text: `Copied ${what} with ${method}` };
  }
}

/** What is known of a request copied as curl beyond where it went. */
export interface CurlCopied {
  /** Its URL held the key (a cursor that echoes it, say): the copy has it masked, so it asks for something else. */
  readonly keyInUrl?: boolean;
  /** `C` on a row whose page's request has left the log: the list's newest request was copied instead. */
  readonly newestOfList?: boolean;
}

/**
 * `c` in the inspector (and `C` on a list): the request as curl, where it went, and that the key
 * stays in the environment. The shortest forms keep what would mislead if dropped: that the copy
 * will not replay the request (its key masked), and that it is not the row's own request.
 */
export function curlCopiedMessage(method: string, { keyInUrl = false, newestOfList = false }: CurlCopied = {}): StatusMessage {
  if (newestOfList && keyInUrl) {
    return {
      tone: 'warning',
      ...inForms([
        `Copied the list's newest request as curl (${method}), as this row's is no longer kept; its URL held the key, masked in the copy, so it will not repeat the request`,
        `Copied the list's newest request as curl (${method}; this row's is no longer kept); key masked, won't replay`,
        `Copied the list's newest request (row's not kept); key masked, won't replay`,
        `Copied newest request; key masked, won't replay`,
        `Newest copied; key masked, won't replay`,
        `Newest; key masked, won't replay`,
        `Newest copied; won't replay`,
        `Newest; won't replay`,
      ]),
    };
  }
  if (newestOfList) {
    return {
      tone: 'warning',
      ...inForms([
        `Copied the list's newest request as curl (${method}); this row's own request is no longer kept`,
        `Copied the list's newest request as curl (${method}); this row's is no longer kept`,
        `Copied the list's newest request; this row's is no longer kept`,
        `Copied the list's newest request; row's not kept`,
        `Copied newest request; row's not kept`,
        `Newest copied; row's not kept`,
        `Newest copied, row's gone`,
      ]),
    };
  }
  if (keyInUrl) {
    return {
      tone: 'warning',
      ...inForms([
        `Copied the request as curl (${method}); its URL held the key, masked in the copy, so it will not repeat the request`,
        `Copied as curl (${method}); the key in its URL is masked: it will not repeat the request`,
        `Copied as curl (${method}); key masked, won't replay`,
        `Copied as curl; key masked, won't replay`,
        `Copied; key masked, won't replay`,
        `Key masked; copy won't replay`,
        `Key masked: won't replay`,
      ]),
    };
  }
  return { tone: 'success', ...inForms([`Copied the request as curl (${method}); it reads the key from $PAGETUI_API_KEY`, `Copied the request as curl (${method})`, `Copied as curl (${method})`]) };
}
