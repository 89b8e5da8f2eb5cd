/**
 * The caller's AbortSignal as undici is given it: an EventEmitter that repeats the signal's abort.
 * undici adds and removes an abort listener for every request; on an AbortSignal (an EventTarget)
 * that pair costs tens of µs, on an EventEmitter under one. A pager keeps one signal over many
 * requests, so the relay listens to the signal once and each request listens to the relay.
 */
import { EventEmitter } from 'node:events';

class AbortRelay extends EventEmitter {
  constructor(private readonly signal: AbortSignal) {
    super();
    // Every request in flight on this signal listens (the default of 10 would warn).
    this.setMaxListeners(0);
    signal.addEventListener('abort', () => this.emit('abort'), { once: true });
  }

  get aborted(): boolean {
    return this.signal.aborted;
  }

  get reason(): unknown {
    return this.signal.reason;
  }
}

const relays = new WeakMap<AbortSignal, AbortRelay>();

/** The relay of `signal` (one per signal, kept while the signal lives). */
export function abortRelay(signal: AbortSignal | undefined): EventEmitter | undefined {
  if (signal === undefined) return undefined;
  let relay = relays.get(signal);
  if (relay === undefined) {
    relay = new AbortRelay(signal);
    relays.set(signal, relay);
  }
  return relay;
}
