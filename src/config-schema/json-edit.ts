/**
 * One member of a JSON text set in place, as an editor or `gh config set` would: every byte
 * outside that member stays as it was (key order, indentation, spacing, line endings, a
 * byte-order mark). A new member goes after the last one of its object, in the style of its
 * siblings (one a line, or all on one line); a replaced value keeps its own style (on one line or
 * spread over several). The text must already be known to be JSON (JSON.parse accepted it); the
 * scanner never recurses, so deep nesting cannot overflow the stack.
 */
import { isDeepStrictEqual } from 'node:util';
import { escapeJsonControls } from '../text/json.js';

interface Member {
  readonly key: string;
  readonly keyStart: number;
  readonly valueStart: number;
  readonly valueEnd: number;
}

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';

function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text[at])) at++;
  return at;
}

/** The index just past the string that starts at `at`. */
function stringEnd(text: string, at: number): number {
  let i = at + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** The index just past the value that starts at `at`. */
function valueEnd(text: string, at: number): number {
  const c = text[at];
  if (c === '"') return stringEnd(text, at);
  if (c !== '{' && c !== '[') {
    let i = at;
    while (i < text.length && !isSpace(text[i]) && text[i] !== ',' && text[i] !== '}' && text[i] !== ']') i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') i = stringEnd(text, i) - 1;
    else if (ch === '{' || ch === '[') depth++;
    else if ((ch === '}' || ch === ']') && --depth === 0) return i + 1;
  }
  return text.length;
}

/** The members of the object whose `{` is at `open`, and the index of its `}`. */
function membersOf(text: string, open: number): { members: Member[]; close: number } {
  const members: Member[] = [];
  let at = skipSpace(text, open + 1);
  while (text[at] === '"') {
    const keyStart = at;
    const keyEnd = stringEnd(text, at);
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = valueEnd(text, valueStart);
    members.push({ key: JSON.parse(text.slice(keyStart, keyEnd)) as string, keyStart, valueStart, valueEnd: end });
    at = skipSpace(text, end);
    if (text[at] === ',') at = skipSpace(text, at + 1);
  }
  return { members, close: at };
}

/** The whitespace that starts the line holding `at`. */
function indentAt(text: string, at: number): string {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/** The text's indentation step: that of its first indented line, else two spaces. */
const indentUnit = (text: string): string => /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';

/** `value` as JSON laid out over lines from `indent` (pretty) or on one line (`{ "a": 1, "b": [2] }`). */
function valueText(value: unknown, options: { multiline: boolean; indent: string; unit: string; eol: string }): string {
  if (options.multiline) {
    const pretty = escapeJsonControls(JSON.stringify(value, null, options.unit) ?? 'null');
    return pretty.split('\n').join(`${options.eol}${options.indent}`);
  }
  return oneLine(value);
}

function oneLine(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(oneLine).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${escapeJsonControls(JSON.stringify(k))}: ${oneLine(v)}`).join(', ')} }`;
  }
  return escapeJsonControls(JSON.stringify(value) ?? 'null');
}

/** The last member named `key` (JSON.parse keeps the last of duplicates). */
const lastNamed = (members: readonly Member[], key: string): Member | undefined => members.filter((m) => m.key === key).at(-1);

/**
 * `text` with the member at `path` (object keys from the top) set to `value`, made where absent;
 * a member on the way that is not an object is replaced by one. Undefined when the text is not
 * an object at the top, or the result would not read back as the intended value.
 */
export function setJsonMember(text: string, path: readonly [string, ...string[]], value: unknown): string | undefined {
  const bom = text.startsWith('\ufeff') ? '\ufeff' : '';
  const body = text.slice(bom.length);
  const before = JSON.parse(body) as unknown;
  const root = skipSpace(body, 0);
  if (body[root] !== '{' || typeof before !== 'object' || before === null || Array.isArray(before)) return undefined;
  const eol = body.includes('\r\n') ? '\r\n' : '\n';
  const unit = indentUnit(body);
  let open = root;
  let depth = 0;
  for (;;) {
    const key = path[depth] as string;
    const rest = path.slice(depth + 1);
    const { members, close } = membersOf(body, open);
    const member = lastNamed(members, key);
    if (member && rest.length > 0 && body[member.valueStart] === '{') {
      open = member.valueStart;
      depth++;
      continue;
    }
    const wanted = rest.reduceRight<unknown>((inner, k) => ({ [k]: inner }), value);
    const edited = member
      ? replaceValue(body, member, wanted, { unit, eol })
      : addMember(body, { open, close, members }, key, wanted, { unit, eol });
    return readsBack(edited, before, path, value) ? bom + edited : undefined;
  }
}

function replaceValue(text: string, member: Member, value: unknown, style: { unit: string; eol: string }): string {
  const multiline = text.slice(member.valueStart, member.valueEnd).includes('\n');
  const json = valueText(value, { multiline, indent: indentAt(text, member.keyStart), ...style });
  return text.slice(0, member.valueStart) + json + text.slice(member.valueEnd);
}

function addMember(
  text: string,
  object: { open: number; close: number; members: readonly Member[] },
  key: string,
  value: unknown,
  style: { unit: string; eol: string },
): string {
  const name = escapeJsonControls(JSON.stringify(key));
  const last = object.members.at(-1);
  if (last === undefined) {
    // An empty object: written afresh, one member a line, from the indentation of its own line.
    const outer = indentAt(text, object.open);
    const indent = outer + style.unit;
    const json = valueText(value, { multiline: true, indent, ...style });
    return `${text.slice(0, object.open)}{${style.eol}${indent}${name}: ${json}${style.eol}${outer}}${text.slice(object.close + 1)}`;
  }
  const first = object.members[0] as Member;
  const lead = text.slice(object.open + 1, first.keyStart);
  const spread = lead.includes('\n');
  const indent = spread ? lead.slice(lead.lastIndexOf('\n') + 1) : '';
  // Objects and lists beside it set the style: spread over lines unless they all sit on one.
  const containers = object.members.filter((m) => text[m.valueStart] === '{' || text[m.valueStart] === '[');
  const multiline = spread && (containers.length === 0 || containers.some((m) => text.slice(m.valueStart, m.valueEnd).includes('\n')));
  const json = valueText(value, { multiline, indent, ...style });
  const second = object.members[1];
  const separator = spread ? `,${style.eol}${indent}` : second ? text.slice(first.valueEnd, second.keyStart) : ', ';
  return `${text.slice(0, last.valueEnd)}${separator}${name}: ${json}${text.slice(last.valueEnd)}`;
}

/**
 * Whether `edited` parses with `value` at `path` and the same top-level keys as `before` (and
 * `path[0]`). The rest of the text is untouched by construction; comparing it whole would recurse
 * as deep as the file nests.
 */
function readsBack(edited: string, before: object, path: readonly string[], value: unknown): boolean {
  let after: unknown;
  try {
    after = JSON.parse(edited);
  } catch {
    return false;
  }
  const keys = new Set([...Object.keys(before), path[0]]);
  if (!isObject(after) || Object.keys(after).length !== keys.size || !Object.keys(after).every((k) => keys.has(k))) return false;
  let at: unknown = after;
  for (const key of path) at = isObject(at) && Object.hasOwn(at, key) ? at[key] : undefined;
  return isDeepStrictEqual(at, value);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
