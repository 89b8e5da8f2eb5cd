/**
 * A /regex/ typed in the filter, made safe to run on every keystroke over every loaded item:
 * - at most MAX_PATTERN characters;
 * - only what V8's linear-time engine can run (no backreferences, no lookaround, no large
 *   counted repeats): the pattern is compiled once with that engine's `l` flag as a check;
 * - run by the usual (fast) engine, which V8 is told to leave for the linear one after a few
 *   thousand backtracks, so `(a+)+b` over a long run of a's costs microseconds, not minutes;
 * - always case-insensitive: the texts it runs on are lowercased, and so are the pattern's
 *   letters outside escapes (the linear engine has no `i` flag);
 * - over the first MAX_SUBJECT characters of a value.
 * The evaluator adds a time budget over all items on top of this (query-run.ts).
 */
import { setRuntimeFlags } from '../../startup/runtime-flags.js';

const MAX_PATTERN = 200;
const MAX_SUBJECT = 1000;

let enabled = false;

/** The V8 flags that make the checks above possible, set once, before the first pattern compiles. */
function enableLinearFallback(): void {
  if (enabled) return;
  enabled = true;
  setRuntimeFlags(
    'pagetui.query-regex',
    '--enable-experimental-regexp-engine --enable-experimental-regexp-engine-on-excessive-backtracks --regexp-backtracks-before-fallback=2000',
    '--no-enable-experimental-regexp-engine --no-enable-experimental-regexp-engine-on-excessive-backtracks --regexp-backtracks-before-fallback=50000',
  );
}

/** Lowercases the pattern's letters, leaving escapes (`\D`, `\W`, `\S`, `\B`) as they are. */
function lowercaseLiterals(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === '\\' && i + 1 < pattern.length) {
      out += ch + (pattern[i + 1] as string);
      i++;
    } else out += ch.toLowerCase();
  }
  return out;
}

/** The compiled pattern, or why it cannot be used (a phrase for the prompt). */
export function compileSafeRegex(pattern: string): { regex: RegExp } | { problem: string } {
  if (pattern === '') return { problem: 'an empty /regex/ matches everything: type a pattern between the slashes' };
  if (pattern.length > MAX_PATTERN) return { problem: `a /regex/ may be at most ${MAX_PATTERN} characters` };
  if (unicodeEscape(pattern)) return { problem: '\\p{…} and \\u{…} need Unicode mode, which a /regex/ here does not have: type the characters themselves' };
  const source = lowercaseLiterals(pattern);
  try {
    new RegExp(source);
  } catch (error) {
    return { problem: `not a valid /regex/: ${regexMessage(error)}` };
  }
  enableLinearFallback();
  try {
    new RegExp(source, 'l');
  } catch {
    return { problem: 'this /regex/ could be slow (backreferences, lookaround, large {n,m}): use a simpler one' };
  }
  return { regex: new RegExp(source) };
}

/** Whether the pattern holds `\p{`, `\P{` or `\u{`, which without Unicode mode are literal text. */
function unicodeEscape(pattern: string): boolean {
  for (let i = 0; i < pattern.length - 2; i++) {
    if (pattern[i] !== '\\') continue;
    if ('pPu'.includes(pattern[i + 1] as string) && pattern[i + 2] === '{') return true;
    i++;
  }
  return false;
}

/** Whether `regex` matches `text` (already lowercased), over its first MAX_SUBJECT characters. */
export function regexMatches(regex: RegExp, text: string): boolean {
  return regex.test(text.length > MAX_SUBJECT ? text.slice(0, MAX_SUBJECT) : text);
}

/**
 * Between the fields of a row's search text (its names, ids and slugs, see searchText): a line
 * break, which sanitised server text never holds (it becomes a space) and no query contains.
 */
export const FIELD_BREAK = '\n';

/** Each pattern with `m`, so `^` and `$` also anchor at every FIELD_BREAK of a search text. */
const byLines = new WeakMap<RegExp, RegExp>();

/**
 * Whether `regex` matches one of the fields of a search text (lowercased), each on its own, as
 * `field:/regex/` tests one field: `^` and `$` anchor every field and no match spans two.
 * Quick path: one run of the pattern with `m` over the whole text. A field's match is a match
 * there too, so none there means none in any field, and one there that holds no FIELD_BREAK is
 * a field's own. Only a match across fields (`[^x]` takes a line break) has each field tried.
 */
export function regexMatchesAnyField(regex: RegExp, text: string): boolean {
  if (text.length <= MAX_SUBJECT) {
    let lines = byLines.get(regex);
    if (!lines) {
      lines = new RegExp(regex.source, 'm');
      byLines.set(regex, lines);
    }
    const found = lines.exec(text);
    if (found === null) return false;
    if (!found[0].includes(FIELD_BREAK)) return true;
  }
  let start = 0;
  for (let end = text.indexOf(FIELD_BREAK); end !== -1; end = text.indexOf(FIELD_BREAK, start)) {
    if (regexMatches(regex, text.slice(start, end))) return true;
    start = end + FIELD_BREAK.length;
  }
  return regexMatches(regex, start === 0 ? text : text.slice(start));
}

/** "Invalid regular expression: /x(/: Unterminated group" → "unterminated group". */
function regexMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const last = message.split(': ').at(-1) ?? message;
  return last.charAt(0).toLowerCase() + last.slice(1);
}
