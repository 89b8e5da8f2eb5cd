/**
 * The API key kept out of what we show and store. `maskKey` is the one way our own key is shown
 * (a header in the inspector or a HAR, `auth status`). `secretRedactor` takes the key out of text
 * a server sent back: wherever it appears, whole or as a run of at least MIN_FRAGMENT characters
 * (a server that echoes "sk-live-abc…" cut short still gives most of it away), in any case and in
 * the encodings a server, proxy or gateway commonly applies (key-scan.ts), and as base64
 * (key-forms.ts). docs/files-and-secrets.md lists the forms.
 */
import { keyForms, nonAsciiFold } from './key-forms.js';
import { keyScanner, type KeyScanner, type Span } from './key-scan.js';

/** What stands in for the key, or for a part of it. */
export const MASK = '••••';
/** The shortest run of the key that is taken out of server text (a shorter key: the whole key). */
const MIN_FRAGMENT = 8;
/** A key shorter than this is not looked for (it would match ordinary words). */
const MIN_SECRET = 4;
/** A text searched at least this long is remembered with what was found in it. */
const REMEMBERED_LENGTH = 1024;

/** `••••` and the last 4 characters of a key long enough that they give nothing away, else `••••`. */
export function maskKey(key: string): string {
  return key.length >= 12 ? `${MASK}${key.slice(-4)}` : MASK;
}

export interface SecretRedactor {
  /** `text` with the key and every long enough fragment of it replaced by MASK. */
  text(text: string): string;
  /** True when `text` holds the key or a fragment of it. */
  holds(text: string): boolean;
  /**
   * A parsed JSON value with the key taken out of every string (keys of objects too); the value
   * itself when nothing was found. `raw` is the JSON text it was parsed from: when neither it
   * holds a fragment nor an escape could hide one, the value is not walked.
   */
  json<T>(value: T, raw: string): T;
  /** True when JSON text `raw` holds an escape under which another encoding of the key could hide (see escapesOf). */
  escapesMayHide(raw: string): boolean;
}

const NO_REDACTOR: SecretRedactor = { text: (t) => t, holds: () => false, json: (v) => v, escapesMayHide: () => false };

/** The redactor made last: every request and its exchange-log entry ask for the same key's. */
let last: { readonly key: string; readonly redactor: SecretRedactor } | undefined;

/** A redactor for `secret` (trimmed); one that changes nothing when there is no usable secret. */
export function secretRedactor(secret: string | undefined): SecretRedactor {
  const key = secret?.trim() ?? '';
  if (key.length < MIN_SECRET) return NO_REDACTOR;
  if (last?.key !== key) last = { key, redactor: newRedactor(key) };
  return last.redactor;
}

function newRedactor(key: string): SecretRedactor {
  const forms = keyForms(key);
  // A key shorter than MIN_FRAGMENT is looked for whole, and each of its base64 forms whole too (a
  // run of a few characters of them would be taken out of ordinary text).
  const scanner =
    key.length < MIN_FRAGMENT
      ? wholeFormsScanner(forms.filter((form) => form.length >= MIN_SECRET))
      : keyScanner(forms, MIN_FRAGMENT, nonAsciiFold(forms));
  const hidingEscape = escapesOf(key);
  // A native search for the backslash first: the escapes' pattern is slow over a page of wide text.
  const escapesMayHide = (raw: string): boolean => raw.includes('\\') && hidingEscape.test(raw);

  // A page's body is searched by the exchange log and by the client, with the headers and the
  // cursor in between: only a long text is remembered, so that they do not push the body out.
  let searched: { readonly text: string; readonly found: readonly Span[] } | undefined;
  const spans = (text: string): readonly Span[] => {
    if (text.length < REMEMBERED_LENGTH) return scanner.spans(text);
    if (searched?.text !== text) searched = { text, found: scanner.spans(text) };
    return searched.found;
  };

  const text = (value: string): string => {
    const found = spans(value);
    if (found.length === 0) return value;
    let out = '';
    let from = 0;
    for (const [start, end] of found) {
      out += value.slice(from, start) + MASK;
      from = end;
    }
    return out + value.slice(from);
  };

  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) {
      const items = value.map(walk);
      return items.some((item, i) => item !== value[i]) ? items : value;
    }
    if (value === null || typeof value !== 'object') return value;
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(value)) {
      const safeName = text(name);
      const safe = walk(inner);
      if (safeName !== name || safe !== inner) changed = true;
      out[safeName] = safe;
    }
    return changed ? out : value;
  };

  return {
    text,
    holds: (value) => spans(value).length > 0,
    json: <T>(value: T, raw: string): T => (spans(raw).length > 0 || escapesMayHide(raw) ? (walk(value) as T) : value),
    escapesMayHide,
  };
}

/** The two-character JSON escapes, by the character they stand for, as regex source of their letter. */
const SHORT_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\\\', '/': '/', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't' };
/** Characters that start another encoding (`%2B`, `&#43;`, `=3D`, `\x2B`). */
const ENCODING_STARTS = '%&=\\';

/**
 * Matches a JSON escape that stands for a character of `key` (in either case) or for one that
 * starts another encoding: only then can the parsed text hold the key where the raw text, read one
 * encoding at a time, does not (`ab\"cd=3Def`: an escaped quote and a quoted-printable `=`). A
 * server that escapes all non-ASCII text (`\u65b0`) escapes nothing of an ASCII key, and its
 * pages are not walked item by item; Go's encoder writes `&` as `\u0026`: such pages are.
 */
function escapesOf(key: string): RegExp {
  const forms = new Set<string>();
  for (const ch of `${key.toLowerCase()}${key.toUpperCase()}${ENCODING_STARTS}`) {
    if (ch.length !== 1) continue;
    forms.add(`u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const short = SHORT_ESCAPES[ch];
    if (short !== undefined) forms.add(short);
  }
  // Case-insensitive for the hex digits; \U or \B is no JSON escape, so nothing else is widened.
  return new RegExp(`\\\\(?:${[...forms].join('|')})`, 'i');
}

/** `text` with `secret` (and every long enough fragment of it) replaced by MASK. */
export function redactSecret(text: string, secret: string | undefined): string {
  return secretRedactor(secret).text(text);
}

/** The variable the key may come from. */
const KEY_VARIABLE = 'PAGETUI_API_KEY';

/**
 * The environment for a process we start: without PAGETUI_API_KEY, and without any variable whose
 * value holds its value (or one of `secrets`), whole or in part. Everything else is passed on.
 */
export function scrubbedEnv(env: Readonly<Record<string, string | undefined>>, secrets: readonly (string | undefined)[] = []): Record<string, string> {
  const redactors = [env[KEY_VARIABLE], ...secrets].filter((s): s is string => s !== undefined).map(secretRedactor);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || name === KEY_VARIABLE) continue;
    if (redactors.some((r) => r.holds(value))) continue;
    out[name] = value;
  }
  return out;
}

/** A scanner for each of `forms` whole (each its own length), their spans merged in order. */
function wholeFormsScanner(forms: readonly string[]): KeyScanner {
  const scanners = forms.map((form) => keyScanner([form], form.length, nonAsciiFold([form])));
  return {
    spans(text) {
      const all = scanners.flatMap((scanner) => scanner.spans(text)).sort((a, b) => a[0] - b[0]);
      const merged: Span[] = [];
      for (const [start, end] of all) {
        const lastSpan = merged.at(-1);
        if (lastSpan !== undefined && start <= lastSpan[1]) lastSpan[1] = Math.max(lastSpan[1], end);
        else merged.push([start, end]);
      }
      return merged;
    },
  };
}
