/**
 * Where an entry of the config file is, for messages that name its line: `['keys', 'moveDown']`
 * is the line of `"moveDown"` inside the top-level `"keys"`, and `['commands', 2]` the line where
 * the third command starts. Only the first two levels are located; an entry not found gives its
 * parent's line, then line 1.
 *
 * The file is read token by token (strings, brackets, commas, colons, bare values and line
 * breaks), without recursion: a deeply nested file cannot overflow the stack, and the
 * scan costs well under a millisecond at start, when a keymap problem is said.
 */

type Path = readonly [string] | readonly [string, string | number];

/** Characters that end a bare value (true, 12, null): space, a string, a bracket, a comma, a colon. */
const ENDS_BARE = ' \t\r\n"{}[],:';

/**
 * The end of the token at `at`: a string (up to its closing quote, or the line's end), one of
 * `{}[],:` or a line break, or a bare value. A hand loop rather than a regex: compiling one costs
 * more at start than scanning a config file.
 */
function tokenEnd(text: string, at: number): number {
  const c = text[at] as string;
  if (c === '"') {
    let i = at + 1;
    while (i < text.length && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    return text[i] === '"' ? i + 1 : Math.min(i, text.length);
  }
  if (ENDS_BARE.includes(c)) return at + 1;
  let i = at;
  while (i < text.length && !ENDS_BARE.includes(text[i] as string)) i++;
  return i;
}

interface Open {
  readonly kind: '{' | '[';
  /** Its path, while it is within the top two levels. */
  readonly path: readonly (string | number)[] | undefined;
  index: number;
  /** In a list: the next token starts an entry. */
  expectEntry: boolean;
  /** In an object: the key of the entry being read. */
  key?: string;
}

/** The line of each entry of the top two levels, by its path joined with '\n'. */
function entryLines(text: string): Map<string, number> {
  const found = new Map<string, number>();
  const record = (path: readonly (string | number)[], line: number): void => {
    // JSON.parse keeps the last of a member given twice: its line is the one to name.
    found.set(path.join('\n'), line);
  };
  const stack: Open[] = [];
  let line = 1;
  for (let at = 0, end = 0; at < text.length; at = end) {
    const c = text[at];
    if (c === ' ' || c === '\t' || c === '\r') {
      end = at + 1;
      continue;
    }
    end = tokenEnd(text, at);
    const token = text.slice(at, end);
    const top = stack.at(-1);
    if (token === '\n') line++;
    else if (token === '}' || token === ']') stack.pop();
    else if (token === ',') {
      if (top) {
        top.index++;
        top.expectEntry = true;
        delete top.key;
      }
    } else if (token === ':') continue;
    else if (top?.kind === '{' && top.key === undefined) {
      top.key = token.startsWith('"') ? readString(token) : token;
      if (top.path && top.path.length < 2) record([...top.path, top.key], line);
    } else {
      if (top?.kind === '[' && top.expectEntry) {
        top.expectEntry = false;
        if (top.path && top.path.length < 2) record([...top.path, top.index], line);
      }
      if (token === '{' || token === '[') {
        const within = top === undefined ? [] : top.path && top.path.length < 2 ? [...top.path, top.kind === '{' ? (top.key ?? '') : top.index] : undefined;
        stack.push({ kind: token, path: within, index: 0, expectEntry: true });
      }
    }
  }
  return found;
}

function readString(token: string): string {
  try {
    return JSON.parse(token.length > 1 && token.endsWith('"') ? token : `${token}"`) as string;
  } catch {
    return '';
  }
}

/** `file:line` of config entries in one file's text (its entries located once, when first asked). */
export function configPlaces(file: string, text: string): (path: Path) => string {
  let lines: Map<string, number> | undefined;
  return (path) => {
    lines ??= entryLines(text);
    return `${file}:${lines.get(path.join('\n')) ?? lines.get(path[0]) ?? 1}`;
  };
}
