/**
 * Where an entry of the config file is, for messages that name its line: `['keys', 'moveDown']`
 * is the line of `"moveDown"` inside the top-level `"keys"`, and `['commands', 2]` the line where
 * the third command starts. Only the first two
 * levels are located; an entry not found gives its parent's line, then line 1.
 */

type Path = readonly [string] | readonly [string, string | number];

/** Offsets of the entries of the top two levels, by their path joined with '\n'. */
function entryOffsets(text: string): Map<string, number> {
  const found = new Map<string, number>();
  let i = 0;
  const space = (): void => {
    while (i < text.length && /\s/.test(text[i] ?? '')) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return '';
    }
  };
  const value = (path: readonly (string | number)[]): void => {
    space();
    const ch = text[i];
    if (ch === '"') return void string();
    if (ch !== '{' && ch !== '[') {
      while (i < text.length && !/[,}\]\s]/.test(text[i] ?? '')) i++;
      return;
    }
    i++;
    const close = ch === '{' ? '}' : ']';
    for (let index = 0; i < text.length; index++) {
      space();
      if (text[i] === close) break;
      const at = i;
      let key: string | number = index;
      if (ch === '{') {
        key = string();
        space();
        i++; // the colon
      }
      const here = [...path, key];
      if (here.length <= 2 && !found.has(here.join('\n'))) found.set(here.join('\n'), at);
      value(here);
      space();
      if (text[i] === ',') i++;
    }
    i++;
  };
  value([]);
  return found;
}

const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;


/** `file:line` of config entries in one file's text (its entries located once). */
export function configPlaces(file: string, text: string): (path: Path) => string {
  let offsets: Map<string, number> | undefined;
  return (path) => {
    offsets ??= entryOffsets(text);
    const at = offsets.get(path.join('\n')) ?? offsets.get(path[0]);
    return `${file}:${at === undefined ? 1 : lineAt(text, at)}`;
  };
}
