/**
 * Members given twice in one object of a JSON text. JSON.parse keeps the last of them without a
 * word, so the config's loading says which were given more than once, on which lines, and that the
 * last is used. The text is already known to be JSON; the scan keeps its own stack (no recursion,
 * so deep nesting cannot overflow) and builds a member's path only when it is given twice.
 */
import { keyPathText, type KeyPath } from './key-path.js';

interface DuplicateMember {
  readonly path: KeyPath;
  /** The line of each time it is given, in order; JSON.parse uses the last. */
  readonly lines: readonly number[];
}

interface Container {
  readonly parent: Container | undefined;
  /** Its key in the parent object, or index in the parent list. */
  readonly at: string | number | undefined;
  readonly object: boolean;
  /** An object's members: the lines each was given on. */
  readonly members: Map<string, number[]>;
  /** In an object: the key of the member being read (its value comes next). */
  key: string | undefined;
  index: number;
}

function pathOf(container: Container, key: string): KeyPath {
  const path: (string | number)[] = [key];
  for (let c: Container | undefined = container; c?.at !== undefined; c = c.parent) path.unshift(c.at);
  return path;
}

/** Every member given more than once, in the order their objects close. */
function duplicateMembers(text: string): DuplicateMember[] {
  const found: DuplicateMember[] = [];
  let top: Container | undefined;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    else if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (top?.object && top.key === undefined) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        top.key = key;
        const lines = top.members.get(key);
        if (lines) lines.push(line);
        else top.members.set(key, [line]);
      }
      i = end;
    } else if (c === '{' || c === '[') {
      const at = top === undefined ? undefined : top.object ? top.key : top.index;
      top = { parent: top, at, object: c === '{', members: new Map(), key: undefined, index: 0 };
    } else if (c === '}' || c === ']') {
      if (top) for (const [key, lines] of top.members) if (lines.length > 1) found.push({ path: pathOf(top, key), lines });
      top = top?.parent;
    } else if (c === ',' && top) {
      top.key = undefined;
      top.index++;
    }
  }
  return found;
}

const joinLines = (lines: readonly number[]): string => `${lines.slice(0, -1).join(', ')} and ${lines.at(-1) ?? ''}`;

/** One problem line per member given more than once: `<file> line 9: keys.sort is given twice (lines 7 and 9); …`. */
export function duplicateProblems(text: string, file: string): string[] {
  return duplicateMembers(text)
    .sort((a, b) => (a.lines.at(-1) ?? 0) - (b.lines.at(-1) ?? 0))
    .map(({ path, lines }) => {
      const times = lines.length === 2 ? 'twice' : `${lines.length} times`;
      return `${file} line ${lines.at(-1) ?? 1}: ${keyPathText(path)} is given ${times} (lines ${joinLines(lines)}); the last one, at line ${lines.at(-1) ?? 1}, is used and ${lines.length === 2 ? 'the other is' : 'the others are'} ignored`;
    });
}
