/**
 * V8 flags the app changes while it runs. V8's code cache carries a hash of the flags it was made
 * under and is rejected when they differ at the next start, so a cache made after such a change
 * would be thrown away and rewritten at every start. `withStartFlags` puts the flags back as they
 * were at start for the time it takes to make the cache.
 */
import { setFlagsFromString } from 'node:v8';

interface FlagRecord {
  /** Flag name → the flags that set it (and what it implies) as at start, for every flag changed since. */
  readonly changed: Map<string, string>;
  /** Flag name → the flags that set it as now. */
  readonly current: Map<string, string>;
}

// One record per process: the start-up script and the app bundle each hold a copy of this module.
const KEY = Symbol.for('pagetui.runtime-flags');
const record = ((globalThis as Record<symbol, FlagRecord | undefined>)[KEY] ??= { changed: new Map(), current: new Map() });
const { changed, current } = record;

/**
 * Applies `setting` (flags as on a command line), remembered under `name`; `startSetting` sets back
 * every flag it changes. A boolean flag can imply others, which turning it off does not undo: the
 * start setting names them too.
 */
export function setRuntimeFlags(name: string, setting: string, startSetting: string): void {
  if (!changed.has(name)) changed.set(name, startSetting);
  current.set(name, setting);
  setFlagsFromString(setting);
}

/** Sets `--name=value`; `startValue` is the flag's value when the process started. */
export function setRuntimeFlag(name: string, value: string, startValue: string): void {
  setRuntimeFlags(name, `--${name}=${value}`, `--${name}=${startValue}`);
}

/** Runs `fn` with every flag changed since start set back to its start value. */
export function withStartFlags<T>(fn: () => T): T {
  const restore = [...current].filter(([name, setting]) => changed.get(name) !== setting);
  for (const [name] of restore) setFlagsFromString(changed.get(name) as string);
  try {
    return fn();
  } finally {
    for (const [, setting] of restore) setFlagsFromString(setting);
  }
}
