import type { ApiError } from '../../api/errors.js';
import type { PagerSnapshot } from '../../api/types.js';
import type { StatusMessage } from '../components/status-format.js';

/** How long a toast stays on the status line. */
export const TOAST_MS = 5000;

/** A short-lived message raised by an action (copied, saved, a loop-guard warning…). */
export interface Toast extends StatusMessage {
  readonly until: number;
}

export interface StatusView {
  readonly message?: StatusMessage;
  /** Right-hand summary: how much is loaded. */
  readonly right: string;
  readonly busy: boolean;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The user-facing sentence for an API error, with what to press next. */
function errorMessage(error: ApiError, now: number, autoRetryAt?: number): StatusMessage {
  const base = { code: error.code, requestId: error.requestId };
  switch (error.kind) {
    case 'validation':
      return { ...base, tone: 'error', text: error.message, field: error.field, reason: error.reason };
    case 'rate-limit': {
      const seconds = Math.max(0, Math.ceil(((autoRetryAt ?? now) - now) / 1000));
      return autoRetryAt !== undefined
        ? { ...base, tone: 'warning', text: 'Rate limited', countdownSeconds: seconds }
        : { ...base, tone: 'error', text: 'Still rate limited after several retries — press r to retry' };
    }
    case 'auth':
      return error.code === 'NO_API_KEY'
        ? { ...base, tone: 'warning', text: 'No API key — press L to enter one' }
        : { ...base, tone: 'error', text: 'The API key was rejected — press L to enter a new key' };
    case 'network':
    case 'timeout':
      return { ...base, tone: 'error', text: `${error.message} — press r to retry` };
    default:
      return { ...base, tone: 'error', text: `${error.message} — press r to retry` };
  }
}

/** How the shown rows relate to the loaded items (when a filter narrows them). */
export interface ViewSummary {
  /** Rows that match the filter; absent when nothing is filtered. */
  readonly matches?: number;
  /** `Tab` is loading the rest of the list. */
  readonly loadingAll?: boolean;
}

/** The right-hand summary: how much is loaded and, when filtering, how much of it matches. */
function loadedSummary(snap: PagerSnapshot, view: ViewSummary = {}): string {
  const n = snap.items.length;
  if (view.matches !== undefined) {
    if (!snap.hasMore) return `${count(view.matches)} of ${count(n)} match`;
    const head = `${count(view.matches)} of ${count(n)} loaded match`;
    if (view.loadingAll) return `${head} — loading the rest, Esc to stop`;
    return `${head} — more not loaded yet (Tab loads all)`;
  }
  if (snap.state === 'loading') return `${count(n)} loaded, loading…`;
  if (snap.hasMore) return `${count(n)} loaded, more available`;
  return `all ${count(n)} loaded`;
}

/** Chooses the one message the status bar shows: a live failure first, then a toast, then loading. */
export function describeStatus(snap: PagerSnapshot, toast: Toast | undefined, now: number, view?: ViewSummary): StatusView {
  const right = loadedSummary(snap, view);

  let message: StatusMessage | undefined;
  if (snap.error && (snap.state === 'error' || snap.state === 'rate-limited')) {
    const autoRetryAt = snap.state === 'rate-limited' ? (snap.retryAt ?? now) : undefined;
    message = errorMessage(snap.error, now, autoRetryAt);
  } else if (toast && toast.until > now) {
    message = toast;
  }
  return { message, right, busy: snap.state === 'loading' };
}

