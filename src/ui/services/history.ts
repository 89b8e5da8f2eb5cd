/**
 * What was typed into the prompts, kept between runs: one small JSON file per prompt under
 * `$XDG_STATE_HOME/pagetui/` (`~/.local/state/pagetui/`), at most 100 entries, newest last.
 * History is a convenience: a file that cannot be read or parsed is treated as empty, and a write
 * that fails is dropped, both silently. The API key never has a history.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { writeFileAtomic } from '../../fs/atomic-write.js';
import { jsonText } from '../../text/json.js';
import { hasControlChars } from '../../text/sanitize.js';

/** The prompts that keep a history. */
export type HistoryName = 'filter' | 'export' | 'jump';

export const HISTORY_LIMIT = 100;
/** Longer lines are not worth remembering (and keep the files small). */
const MAX_ENTRY_LENGTH = 4096;

export interface PromptHistory {
  /** The entries of one prompt, oldest first. */
  entries(name: HistoryName): readonly string[];
  /** Remembers `entry` as the newest (an equal older entry moves up). Blank entries are ignored. */
  add(name: HistoryName, entry: string): void;
  /** Resolves once every write so far has finished (or failed). */
  flush(): Promise<void>;
}

/** `$XDG_STATE_HOME/pagetui`, or `~/.local/state/pagetui` (a relative XDG_STATE_HOME is ignored). */
export function historyDir(env: Readonly<Record<string, string | undefined>>): string {
  const xdg = env.XDG_STATE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'pagetui');
  const home = env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir();
  return join(home, '.local', 'state', 'pagetui');
}

function readEntries(path: string): string[] {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((e): e is string => typeof e === 'string' && e.trim() !== '' && e.length <= MAX_ENTRY_LENGTH).slice(-HISTORY_LIMIT);
  } catch {
    return [];
  }
}

/** The history kept in `dir` (read once per prompt, written atomically after every change). */
export function createPromptHistory(dir: string): PromptHistory {
  const loaded = new Map<HistoryName, string[]>();
  let writes: Promise<void> = Promise.resolve();
  const fileOf = (name: HistoryName): string => join(dir, `${name}-history.json`);
  const entries = (name: HistoryName): string[] => {
    let list = loaded.get(name);
    if (!list) {
      list = readEntries(fileOf(name));
      loaded.set(name, list);
    }
    return list;
  };
  return {
    entries: (name) => entries(name),
    add(name, entry) {
      if (entry.trim() === '' || entry.length > MAX_ENTRY_LENGTH || hasControlChars(entry)) return;
      const next = [...entries(name).filter((e) => e !== entry), entry].slice(-HISTORY_LIMIT);
      loaded.set(name, next);
      const text = `${jsonText(next, 1)}\n`;
      writes = writes.then(() => writeFileAtomic(fileOf(name), text, 0o600)).catch(() => undefined);
    },
    flush: () => writes,
  };
}

/** A history that remembers only for this run (tests, and when no state folder applies). */
export function memoryHistory(initial: Partial<Record<HistoryName, readonly string[]>> = {}): PromptHistory {
  const lists = new Map<HistoryName, string[]>(Object.entries(initial).map(([k, v]) => [k as HistoryName, [...v]]));
  return {
    entries: (name) => lists.get(name) ?? [],
    add(name, entry) {
      if (entry.trim() === '') return;
      lists.set(name, [...(lists.get(name) ?? []).filter((e) => e !== entry), entry].slice(-HISTORY_LIMIT));
    },
    flush: () => Promise.resolve(),
  };
}
