import { useEffect, useState } from 'react';
import { useFieldKeys } from '../keys/field-keys.js';
import { destinationsFor, type KeyDestination, type KeyStorage } from './key-storage.js';

export interface KeyDestinationChoice {
  /** Where the key goes once it works, as the form says it now. */
  readonly where: KeyDestination;
  /** Why the keychain cannot store a key, once it answered. */
  readonly problem?: string;
  /** Whether the keychain answered (until then the key is kept for this session only). */
  readonly asked: boolean;
}

/**
 * The `L` form's choice of where the key goes: the keychain where it can store one, else this
 * session only; Tab steps through what is possible here (once the keychain has answered).
 * Without a storage (the demo) the key is kept for this session only.
 */
export function useKeyDestination(storage: KeyStorage | undefined): KeyDestinationChoice {
  const [state, setState] = useState<KeyDestinationChoice>({ where: 'session', asked: storage === undefined });
  useEffect(() => {
    if (storage === undefined) return;
    let live = true;
    void storage.keychainProblem().then((problem) => {
      if (!live) return;
      setState({ where: destinationsFor(problem)[0] ?? 'session', asked: true, ...(problem === undefined ? {} : { problem }) });
    });
    return () => {
      live = false;
    };
  }, [storage]);
  // Read as the field reads: a Tab in the same read as typed characters (a paste, then Tab) counts.
  useFieldKeys('keyEntry', (inputs) => {
    const tabs = inputs.filter((input) => 'command' in input && input.command === 'switchKeyStore').length;
    if (storage === undefined || tabs === 0) return;
    setState((now) => {
      if (!now.asked) return now;
      const choices = destinationsFor(now.problem);
      return { ...now, where: choices[(choices.indexOf(now.where) + tabs) % choices.length] ?? 'session' };
    });
  });
  return state;
}
