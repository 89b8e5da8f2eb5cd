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
  /** Its path, when it is within the top two levels. */
  readonly path: readonly (string | number)[] | undefined;
  index: number;
  /** Where the next entry starts: the next token begins it. */
  expectEntry: boolean;
  key?: string;
}

/** Line and path of the entries of the top two levels, by their path joined with '\n'. */
function entryLines(text: string): Map<string, number> {
  const found = new Map<string, number>();
  const stack: Open[] = [];
  let line = 1;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    const token = match[0];
    if (token === '\n') {
      line++;
      continue;
    }
    const top = stack.at(-1);
    if (token === '}' || token === ']') {
      stack.pop();
      continue;
    }
    if (token === ',') {
      if (top) {
        top.index++;
        top.expectEntry = true;
        delete top.key;
      }
      continue;
    }
    if (token === ':') continue;
    let path: (string | number)[] | undefined;
    if (top?.kind === '{' && top.key === undefined) {
      // A key: where its entry starts.
      top.key = token.startsWith('"') ? readString(token) : token;
      top.expectEntry = false;
      if (top.path && top.path.length < 2) record(found, [...top.path, top.key], line);
      continue;
    }
    if (top?.kind === '[' && top.expectEntry) {
      top.expectEntry = false;
      if (top.path && top.path.length < 2) record(found, [...top.path, top.index], line);
    }
    if (token === '{' || token === '[') {
      if (top === undefined) path = [];
      else if (top.path && top.path.length < 2) path = [...top.path, top.kind === '{' ? (top.key ?? '') : top.index];
      stack.push({ kind: token, path, index: 0, expectEntry: true });
    }
  }
  return found;
}

function record(found: Map<string, number>, path: readonly (string | number)[], line: number): void {
  const id = path.join('\n');
  if (!found.has(id)) found.set(id, line);
}

function readString(token: string): string {
  try {
    return JSON.parse(token.endsWith('"') && token.length > 1 ? token : `${token}"`) as string;
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
