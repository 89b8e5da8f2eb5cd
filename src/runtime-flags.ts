/**
 * V8 flags the app changes while it runs. V8's code cache carries a hash of the flags it was made
 * under and is rejected when they differ at the next start, so a cache made after such a change
 * would be thrown away and rewritten at every start. `withStartFlags` puts the flags back as they
 * were at start for the time it takes to make the cache.
 */
import { setFlagsFromString } from 'node:v8';

interface FlagRecord {
  /** Flag name → its value at start, for every flag changed since. */
  readonly changed: Map<string, string>;
  /** Flag name → the value now set. */
  readonly current: Map<string, string>;
}

// One record per process: the start-up script and the app bundle each hold a copy of this module.
const KEY = Symbol.for('pagetui.runtime-flags');
const record = ((globalThis as Record<symbol, FlagRecord | undefined>)[KEY] ??= { changed: new Map(), current: new Map() });
const { changed, current } = record;

/** Sets `--name=value`; `startValue` is the flag's value when the process started. */
export function setRuntimeFlag(name: string, value: string, startValue: string): void {
  if (!changed.has(name)) changed.set(name, startValue);
  current.set(name, value);
  setFlagsFromString(`--${name}=${value}`);
}

/** Runs `fn` with every flag changed since start set back to its start value. */
export function withStartFlags<T>(fn: () => T): T {
  const restore = [...current].filter(([name, value]) => changed.get(name) !== value);
  for (const [name] of restore) setFlagsFromString(`--${name}=${changed.get(name) as string}`);
  try {
    return fn();
  } finally {
    for (const [name, value] of restore) setFlagsFromString(`--${name}=${value}`);
  }
}
