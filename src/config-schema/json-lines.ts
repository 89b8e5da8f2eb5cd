/**
 * Where each value of a JSON text starts: the line of an object member's key, or of an array
 * item. The text has already been parsed by JSON.parse, so this scanner only has to follow valid
 * JSON; a later duplicate key wins, as it does for JSON.parse.
 */
import { pathKey, type KeyPath } from './key-path.js';

export interface JsonLines {
  /** The 1-based line where the value at `path` (its key, for an object member) starts; else the nearest parent's. */
  lineOf(path: KeyPath): number;
}

/** Values nested deeper than this (no config key is) take the line of their parent at this depth. */
const MAX_DEPTH = 8;

export function jsonLines(text: string): JsonLines {
  const lines = new Map<string, number>();
  let at = 0;
  let line = 1;

  const skipSpace = (): void => {
    while (at < text.length) {
      const c = text[at];
      if (c === '\n') line++;
      else if (c !== ' ' && c !== '\t' && c !== '\r') return;
      at++;
    }
  };

  /** Past the comma between two members or items, and the space around it. */
  const skipSeparator = (): void => {
    skipSpace();
    if (text[at] === ',') at++;
    skipSpace();
  };

  const readString = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };

  /** Past a value nested deeper than any line is wanted for, without recursion. */
  const skipNested = (): void => {
    let depth = 0;
    do {
      const c = text[at];
      if (c === '"') {
        readString();
        continue;
      }
      if (c === '\n') line++;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') depth--;
      at++;
    } while (depth > 0 && at < text.length);
  };

  const value = (path: (string | number)[]): void => {
    skipSpace();
    const c = text[at];
    if (path.length >= MAX_DEPTH && (c === '{' || c === '[')) {
      skipNested();
    } else if (c === '{') {
      at++;
      skipSpace();
      while (text[at] === '"') {
        const keyLine = line;
        const key = readString();
        path.push(key);
        lines.set(pathKey(path), keyLine);
        skipSpace();
        at++; // ':'
        value(path);
        path.pop();
        skipSeparator();
      }
      at++; // '}'
    } else if (c === '[') {
      at++;
      skipSpace();
      for (let index = 0; at < text.length && text[at] !== ']'; index++) {
        skipSpace();
        path.push(index);
        lines.set(pathKey(path), line);
        value(path);
        path.pop();
        skipSeparator();
      }
      at++; // ']'
    } else if (c === '"') {
      readString();
    } else {
      while (at < text.length && !/[\s,\]}]/.test(text[at] ?? '')) at++;
    }
  };

  try {
    value([]);
  } catch {
    // Not JSON after all: every path then falls back to line 1.
  }

  return {
    lineOf(path) {
      for (let n = path.length; n > 0; n--) {
        const found = lines.get(pathKey(path.slice(0, n)));
        if (found !== undefined) return found;
      }
      return 1;
    },
  };
}
