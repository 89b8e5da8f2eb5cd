/**
 * The overall deadline of one response: headers and body together must arrive within it, however
 * steadily a server trickles bytes (the idle timeouts only count the silences). No AbortController
 * is made for it (one costs tens of µs on the path from one page to the next request): the wait
 * for the headers is raced against it, and the body, once there, is destroyed when it passes.
 */
import type { Readable } from 'node:stream';
import { ApiError } from './errors.js';

/** How long a response may take, and what the user sets it with (named in the error). */
export interface ResponseLimit {
  readonly ms: number;
  /** '--timeout', 'PAGETUI_TIMEOUT', 'config.json "timeout"'. */
  readonly source: string;
}

export class ResponseDeadline {
  readonly #timer: ReturnType<typeof setTimeout>;
  #expired = false;
  #onExpire: (() => void) | undefined;

  constructor(
    readonly limit: ResponseLimit,
    /** The request's path without its query, as the error names it. */
    readonly path: string,
    private readonly caller?: AbortSignal,
  ) {
    this.#timer = setTimeout(() => {
      this.#expired = true;
      this.#onExpire?.();
    }, limit.ms);
  }

  /** The response's headers, or the deadline's error if it passes first (the late answer's body is then dropped). */
  headers<T extends { readonly body: Readable }>(request: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#onExpire = () => reject(this.failure());
      request.then(
        (res) => {
          if (this.#expired) res.body.destroy();
          else resolve(res);
        },
        (err: unknown) => reject(err),
      );
    });
  }

  /** From now on the deadline ends `body` (reading it then fails, and `failure()` says why). */
  watch(body: Readable): void {
    this.#onExpire = () => body.destroy(new Error('response deadline'));
    if (this.#expired) this.#onExpire();
  }

  /** The deadline's error when it is what ended the request (not the caller's abort). */
  failure(): ApiError | undefined {
    if (!this.#expired || this.caller?.aborted === true) return undefined;
    return new ApiError('timeout', 'RESPONSE_TIMEOUT', noCompleteAnswer(this.path, this.limit));
  }

  /** The response is complete (or failed): the timer goes. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#onExpire = undefined;
  }
}

/** The one wording of a response that did not come in time: `No complete answer from /v0/page_groups in 9 s (--timeout).` */
export function noCompleteAnswer(path: string, limit: ResponseLimit): string {
  return `No complete answer from ${path} in ${secondsText(limit.ms)} (${limit.source}).`;
}

/** '30 s', '1.5 s', '250 ms'. */
export function secondsText(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return `${Math.round(ms / 100) / 10} s`;
}
