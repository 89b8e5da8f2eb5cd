/**
 * The API key kept out of what we show and store. `maskKey` is the one way our own key is shown
 * (a header in the inspector or a HAR, `auth status`). `secretRedactor` takes the key out of text
 * a server sent back: wherever it appears, whole or as a fragment of at least
 * MIN_FRAGMENT characters (a server that echoes "sk-live-abc…" cut short still gives most of it away).
 */

/** What stands in for the key, or for a part of it. */
export const MASK = '••••';
/** The shortest part of the key that is taken out of server text (a shorter key: the whole key). */
const MIN_FRAGMENT = 8;
/** A key shorter than this is not looked for (it would match ordinary words). */
const MIN_SECRET = 4;
/** The anchors looked for: every fragment of MIN_FRAGMENT characters holds one of these whole. */
const ANCHOR = 4;

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
  /** True when JSON text `raw` holds an escape that stands for a character of the key (see escapesOf). */
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
  const min = Math.min(MIN_FRAGMENT, key.length);
  const anchors: number[] = [];
  for (let at = 0; at + ANCHOR <= key.length; at += ANCHOR) anchors.push(at);
  const hidingEscape = escapesOf(key);
  // One pass that says whether any anchor is there at all: a page's text nearly never holds one.
  const anyAnchor = new RegExp(anchors.map((at) => key.slice(at, at + ANCHOR).replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')).join('|'));

  // A page's body is searched by the exchange log and by the client, one after the other.
  let searched: { readonly text: string; readonly found: readonly [number, number][] } | undefined;
  const spans = (text: string): readonly [number, number][] => {
    if (searched?.text !== text) searched = { text, found: spansIn(text) };
    return searched.found;
  };
  const spansIn = (text: string): [number, number][] => {
    const found: [number, number][] = [];
    if (!anyAnchor.test(text)) return found;
    for (const at of anchors) {
      const anchor = key.slice(at, at + ANCHOR);
      for (let hit = text.indexOf(anchor); hit >= 0; hit = text.indexOf(anchor, hit + 1)) {
        let start = hit;
        let k = at;
        while (start > 0 && k > 0 && text[start - 1] === key[k - 1]) {
          start--;
          k--;
        }
        let end = hit + ANCHOR;
        let e = at + ANCHOR;
        while (end < text.length && e < key.length && text[end] === key[e]) {
          end++;
          e++;
        }
        if (end - start >= min) found.push([start, end]);
      }
    }
    return found;
  };

  const text = (value: string): string => {
    const found = spans(value);
    if (found.length === 0) return value;
    const sorted = [...found].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    let out = '';
    let from = 0;
    for (const [start, end] of sorted) {
      if (end <= from) continue;
      out += value.slice(from, Math.max(from, start)) + (start >= from ? MASK : '');
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
    json: <T>(value: T, raw: string): T =>
      spans(raw).length > 0 || hidingEscape.test(raw) ? (walk(value) as T) : value,
    escapesMayHide: (raw) => hidingEscape.test(raw),
  };
}

/** The two-character JSON escapes, by the character they stand for, as regex source of their letter. */
const SHORT_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\\\', '/': '/', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't' };

/**
 * Matches a JSON escape that stands for a character of `key`: only then can the parsed text hold a
 * fragment of the key that the raw text does not (every other character of a fragment is written
 * as itself). A server that escapes all non-ASCII text (`\u65b0`) escapes nothing of an ASCII key,
 * and its pages are not walked item by item. `\\u0073` (an escaped backslash, then `u0073`) also
 * matches: a walk too many, never one too few.
 */
function escapesOf(key: string): RegExp {
  const forms = new Set<string>();
  for (let i = 0; i < key.length; i++) {
    forms.add(`u${key.charCodeAt(i).toString(16).padStart(4, '0')}`);
    const short = SHORT_ESCAPES[key.charAt(i)];
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
