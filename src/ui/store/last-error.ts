/**
 * The last error the lists met, remembered for `E` (the error in full). It is taken from the
 * snapshots the store is given (the shown list's pager, a refresh's new listing), with the
 * exchange of the inspector's log that answered it, so the overlay can show the body as sent.
 */
import type { ApiError } from '../../api/http/errors.js';
import type { Exchange, ExchangeLog } from '../../api/inspector/exchange-log.js';
import type { PagerSnapshot } from '../../api/types.js';
import { offersRestart } from './status.js';
import type { StatusMessage } from './status-message.js';
import type { AppSnapshot, LastError } from './store-types.js';


/** A pager's failure worth remembering (a cancel is none). */
function failureOf(pager: PagerSnapshot | undefined): ApiError | undefined {
  if (!pager?.error || (pager.state !== 'error' && pager.state !== 'rate-limited')) return undefined;
  return pager.error.kind === 'aborted' ? undefined : pager.error;
}

/**
 * The exchange of the log that answered `error`: the one it names, else the newest with the same
 * path (no query) and status, and request id when both have one.
 */
function exchangeOf(error: ApiError, log: ExchangeLog | undefined): Exchange | undefined {
  const entries = log?.entries() ?? [];
  // The answer's own exchange, where the error carries it (gone from the log: no longer kept).
  if (error.exchangeSeq !== undefined) return entries.find((e) => e.seq === error.exchangeSeq);
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    // A body that could not be read (not JSON, not a list) came with an answer of any status.
    const anyStatus = error.status === undefined && error.kind === 'bad-response';
    if (e === undefined || e.path.split('?')[0] !== error.path || (!anyStatus && e.status !== (error.status ?? 0))) continue;
    if (error.requestId !== undefined && e.requestId !== undefined && e.requestId !== error.requestId) continue;
    return e;
  }
  return undefined;
}

/** The last error after `patch`: a new one when the patch brings a failure not seen before, else `previous`. */
export function noticeError(previous: LastError | undefined, patch: Partial<AppSnapshot>, now: number, log: ExchangeLog | undefined): LastError | undefined {
  for (const pager of [patch.pager, patch.refreshing]) {
    const error = failureOf(pager);
    if (error === undefined || error === previous?.error || pager === undefined) continue;
    const seq = exchangeOf(error, log)?.seq;
    return { error, at: now, restart: offersRestart(pager), ...(seq === undefined ? {} : { seq }) };
  }
  return previous;
}

/** An error the status bar says as a message of its own (a toast): `E` shows it, with its API error when it has one. */
export function toastError(toast: StatusMessage & { readonly error?: ApiError }, now: number, log: ExchangeLog | undefined): LastError {
  const { error, ...said } = toast;
  const seq = error && exchangeOf(error, log)?.seq;
  return { ...(error ? { error } : {}), said, at: now, restart: false, ...(seq === undefined ? {} : { seq }) };
}

/** The exchange of the last error, while the log still holds it. */
export const lastErrorExchange = (last: LastError, log: ExchangeLog | undefined): Exchange | undefined =>
  last.seq === undefined ? undefined : log?.entries().find((e) => e.seq === last.seq);
