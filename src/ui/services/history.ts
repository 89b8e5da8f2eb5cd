/**
 * What was typed into the prompts, kept between runs: one small JSON file per prompt under
 * `$XDG_STATE_HOME/pagetui/` (`~/.local/state/pagetui/`), at most 100 entries, newest last.
 * History is a convenience: a file that cannot be read or parsed (or is over 1 MB) is treated as
 * empty, and a write that fails is dropped, both silently. The API key never has a history, and
 * an entry that holds the key in use (or 8 characters of it) is not remembered.
 * Two instances may share the folder (two terminals, one HOME): each write reads the file again
 * and adds its entry to what is there, under a lock file (`<name>-history.json.lock`, broken when
 * older than 2 s), so neither drops the other's entries.
 */
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { writeFileAtomic } from '../../fs/atomic-write.js';
import { withFileLock } from '../../fs/file-lock.js';
import { jsonText } from '../../text/json.js';
import { secretRedactor } from '../../text/redact.js';
import { hasControlChars } from '../../text/sanitize.js';
import { typedText } from '../../text/typed-text.js';

/** The prompts that keep a history; `:` keeps one on the group list (`jump`) and one on page lists (`jump-page`). */
export type HistoryName = 'filter' | 'export' | 'jump' | 'jump-page';

/** The history of `:` on a list of this kind: group ids and page ids are never offered on the other's list. */
export const jumpHistory = (route: 'groups' | 'pages'): HistoryName => (route === 'pages' ? 'jump-page' : 'jump');

export const HISTORY_LIMIT = 100;
/** Longer lines are not worth remembering (and keep the files small). */
const MAX_ENTRY_LENGTH = 4096;
/** 100 entries of at most 4096 characters fit with room to spare; a larger file is not ours. */
const MAX_FILE_BYTES = 1024 * 1024;

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
    const info = statSync(path);
    // A FIFO would wait for a writer: only a regular file of a sane size is read.
    if (!info.isFile() || info.size > MAX_FILE_BYTES) return [];
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!Array.isArray(parsed)) return [];
    // Read as typed text is kept (a hand-edited or planted file may hold controls or bidi overrides),
    // and an entry that then reads as the one before it is that one.
    const entries = parsed
      .filter((e): e is string => typeof e === 'string' && e.length <= MAX_ENTRY_LENGTH)
      .map(typedText)
      .filter((e, i, all) => e.trim() !== '' && e !== all[i - 1]);
    return entries.slice(-HISTORY_LIMIT);
  } catch {
    return [];
  }
}

/** The history kept in `dir` (read once per prompt, written atomically after every change). */
export function createPromptHistory(dir: string, apiKey: () => string | undefined = () => undefined): PromptHistory {
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
      // A key pasted into the wrong prompt is not written to a file.
      if (secretRedactor(apiKey()).holds(entry)) return;
      const withEntry = (list: readonly string[]): string[] => [...list.filter((e) => e !== entry), entry].slice(-HISTORY_LIMIT);
      loaded.set(name, withEntry(entries(name)));
      writes = writes
        .then(() =>
          // What is on disk now, another instance's entries included, plus this one; under the
          // lock, so another instance's write cannot land between the read and the rename.
          withFileLock(`${fileOf(name)}.lock`, () => {
            const merged = withEntry(readEntries(fileOf(name)));
            return writeFileAtomic(fileOf(name), `${jsonText(merged, 1)}\n`, 0o600);
          }),
        )
        .catch(() => undefined);
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
