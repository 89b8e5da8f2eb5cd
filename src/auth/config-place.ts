/**
 * Where an entry of the config file is, for messages that name its line: `['keys', 'moveDown']`
 * is the line of `"moveDown"` inside the top-level `"keys"`, and `['commands', 2]` the line where
 * the third command starts. Only the first two levels are located; an entry not found gives its
 * parent's line, then line 1.
 *
 * The file is read token by token with one regex (strings, brackets, commas, colons, bare values
 * and line breaks), without recursion: a deeply nested file cannot overflow the stack, and the
 * scan costs well under a millisecond at start, when a keymap problem is said.
 */

type Path = readonly [string] | readonly [string, string | number];

const TOKEN = /"(?:[^"\\\n]|\\.)*"?|[{}[\],:\n]|[^\s"{}[\],:]+/g;

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
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    const token = match[0];
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
