/** The error of a first request the user stopped waiting for: what it waited for, how long, and its limit. */
import { ApiError } from '../http/errors.js';
import { secondsText } from '../http/response-deadline.js';
import type { RequestWait } from '../types.js';

export function stoppedWaitError(wait: RequestWait | undefined, waitedMs: number): ApiError {
  const after = `${Math.floor(waitedMs / 1000)} s`;
  const text =
    wait === undefined
      ? `Stopped waiting for the first page after ${after}.`
      : `Stopped waiting for ${wait.waitingFor() ?? 'the service'} after ${after} (of ${secondsText(wait.limitMs)}, ${wait.limitSource}).`;
  return new ApiError('timeout', 'STOPPED', text, { retryable: true });
}
