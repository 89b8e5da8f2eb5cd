/**
 * Finds where runs of the key's forms (key-forms.ts) stand in a text, however a server encoded
 * their characters: as they are, percent-encoded (once or twice), JSON- or C-escaped, as HTML
 * entities, or quoted-printable. Each pass reads the text once, unit by unit (a unit: one character,
 * or one escape standing for one), folds each unit (case, `+`/space) and keeps a rolling hash of the
 * last `window` units; a hash seen among the forms' windows is checked unit by unit. So the time is
 * linear in the text, whatever the key's length or characters, with no regular expression built
 * from the key.
 */
import { foldText, foldUnit, type NonAsciiFold } from './key-forms.js';
import { keySample } from './key-sample.js';

/** A part of the text, `[start, end)`, that holds a run of the key. */
export type Span = [number, number];

const PERCENT = 37;
const BACKSLASH = 92;
const AMPERSAND = 38;
const EQUALS = 61;

/** How the units of a text are read: as they are; undoing web escapes (%, \, &); undoing quoted-printable (=). */
type Reading = 'plain' | 'web' | 'quoted-printable';

const HASH_BASE = 0x01000193;
const FILTER_BITS = 20;

/** Named HTML entities for the punctuation a key may hold. */
const NAMED_ENTITIES: Readonly<Record<string, number>> = {
  amp: 38, lt: 60, gt: 62, quot: 34, apos: 39, plus: 43, sol: 47, bsol: 92, equals: 61, percnt: 37, num: 35, excl: 33, dollar: 36,
  lpar: 40, rpar: 41, ast: 42, comma: 44, period: 46, colon: 58, semi: 59, quest: 63, commat: 64, lsqb: 91, lbrack: 91, rsqb: 93,
  rbrack: 93, lowbar: 95, grave: 96, lcub: 123, lbrace: 123, verbar: 124, vert: 124, rcub: 125, rbrace: 125, Hat: 94, tilde: 126,
};
/** JSON's and C's one-letter escapes. */
const LETTER_ESCAPES: Readonly<Record<string, number>> = { b: 8, f: 12, n: 10, r: 13, t: 9 };

/** Where the unit read last ends (set by readUnit). */
let unitEnd = 0;

function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 32;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

function hexAt(text: string, at: number, digits: number): number {
  if (at + digits > text.length) return -1;
  let value = 0;
  for (let i = at; i < at + digits; i++) {
    const d = hexDigit(text.charCodeAt(i));
    if (d < 0) return -1;
    value = value * 16 + d;
  }
  return value;
}

function percentUnit(text: string, at: number): number {
  const value = hexAt(text, at + 1, 2);
  if (value < 0) return PERCENT;
  const twice = value === PERCENT ? hexAt(text, at + 3, 2) : -1;
  unitEnd = twice < 0 ? at + 3 : at + 5;
  return twice < 0 ? value : twice;
}

function backslashUnit(text: string, at: number): number {
  const next = text.charAt(at + 1);
  const digits = next === 'u' ? 4 : next === 'x' ? 2 : 0;
  if (digits > 0) {
    const value = hexAt(text, at + 2, digits);
    if (value < 0) return BACKSLASH;
    unitEnd = at + 2 + digits;
    return value;
  }
  const code = next.charCodeAt(0);
  const letter = LETTER_ESCAPES[next];
  if (letter !== undefined) {
    unitEnd = at + 2;
    return letter;
  }
  // `\/`, `\\`, `\"`, `\+`: an escaped punctuation character stands for itself.
  if (code > 32 && code < 127 && !/[A-Za-z0-9]/.test(next)) {
    unitEnd = at + 2;
    return code;
  }
  return BACKSLASH;
}

function entityUnit(text: string, at: number): number {
  if (text.charCodeAt(at + 1) === 35 /* # */) {
    const hex = (text.charCodeAt(at + 2) | 32) === 120; /* x */
    const digits = /^[0-9a-fA-F]{1,6}/.exec(text.slice(at + (hex ? 3 : 2), at + 9))?.[0];
    if (digits === undefined || (!hex && !/^\d+$/.test(digits))) return AMPERSAND;
    const end = at + (hex ? 3 : 2) + digits.length;
    unitEnd = text.charCodeAt(end) === 59 /* ; */ ? end + 1 : end;
    return Number.parseInt(digits, hex ? 16 : 10);
  }
  const named = /^([A-Za-z]{2,7});/.exec(text.slice(at + 1, at + 10));
  const value = named?.[1] === undefined ? undefined : NAMED_ENTITIES[named[1]];
  if (named === null || value === undefined) return AMPERSAND;
  unitEnd = at + 1 + named[0].length;
  return value;
}

function quotedPrintableUnit(text: string, at: number): number {
  const value = hexAt(text, at + 1, 2);
  if (value >= 0) {
    unitEnd = at + 3;
    return value;
  }
  // A soft line break stands for nothing.
  const cr = text.charCodeAt(at + 1) === 13 ? 1 : 0;
  if (text.charCodeAt(at + 1 + cr) === 10) {
    unitEnd = at + 2 + cr;
    return -1;
  }
  return EQUALS;
}

/** The character the unit at `at` stands for (-1: none), its end in `unitEnd`. */
function readUnit(text: string, at: number, reading: Reading): number {
  const code = text.charCodeAt(at);
  unitEnd = at + 1;
  if (reading === 'web') {
    if (code === PERCENT) return percentUnit(text, at);
    if (code === BACKSLASH) return backslashUnit(text, at);
    if (code === AMPERSAND) return entityUnit(text, at);
  } else if (reading === 'quoted-printable' && code === EQUALS) {
    return quotedPrintableUnit(text, at);
  }
  return code;
}

function hashOf(units: string): number {
  let h = 0;
  for (let i = 0; i < units.length; i++) h = (Math.imul(h, HASH_BASE) + units.charCodeAt(i)) | 0;
  return h;
}

const FILTER_MIX = 0x9e3779b1 | 0;
const filterIndex = (hash: number): number => Math.imul(hash, FILTER_MIX) >>> (32 - FILTER_BITS);

export interface KeyScanner {
  /** The parts of `text` that hold a run of `window` units of a form, merged, in order. */
  spans(text: string): Span[];
}

/** A scanner for runs of `window` units of any of `forms` (shorter forms are not looked for). */
export function keyScanner(forms: readonly string[], window: number, fold: NonAsciiFold): KeyScanner {
  const windows = new Map<number, string[]>();
  const filter = new Int32Array(1 << (FILTER_BITS - 5));
  const foldedForms = forms.map((form) => foldText(form, fold));
  const sample = keySample(foldedForms, window, fold);
  for (const folded of foldedForms) {
    for (let at = 0; at + window <= folded.length; at++) {
      const run = folded.slice(at, at + window);
      const hash = hashOf(run);
      const known = windows.get(hash);
      if (known === undefined) windows.set(hash, [run]);
      else if (!known.includes(run)) known.push(run);
      const bit = filterIndex(hash);
      filter[bit >>> 5]! |= 1 << (bit & 31);
    }
  }
  let outgoing = 1;
  for (let i = 1; i < window; i++) outgoing = Math.imul(outgoing, HASH_BASE);

  // Each unit read through `call`, whatever kind of string the text is (see key-sample.ts).
  const charCodeAt = String.prototype.charCodeAt;
  const ring = new Int32Array(window);
  const starts = new Int32Array(window);
  const sameAsRing = (run: string, oldest: number): boolean => {
    for (let j = 0, slot = oldest; j < window; j++, slot = slot + 1 === window ? 0 : slot + 1) if (ring[slot] !== run.charCodeAt(j)) return false;
    return true;
  };
  const asciiFold = new Uint8Array(128).map((_, code) => foldUnit(code, fold));
  const foldsNonAscii = fold.size > 0;
  // One of each per scanner (a pass is never re-entered, and sets lastIndex before each search):
  // a literal in the pass made a RegExp for each of the hundreds of calls a page may take.
  const webEscapes = /[%\\&]/g;
  const quotedPrintableEscapes = /=/g;

  /** Reads `[from, to)` of `text` (a decoding reading: all of it). */
  const pass = (text: string, reading: Reading, found: Span[], from = 0, to = text.length): void => {
    ring.fill(0);
    const decodes = reading !== 'plain';
    let hash = 0;
    let count = 0;
    let slot = 0;
    const escapes = reading === 'web' ? webEscapes : quotedPrintableEscapes;
    let sinceEscape = window;
    for (let at = from; at < to; ) {
      if (decodes && sinceEscape >= window) {
        // Windows of plain characters only were seen by the plain reading: go on to the last
        // window - 1 characters before the next escape (each of them a unit of its own).
        escapes.lastIndex = at;
        const next = escapes.exec(text)?.index ?? text.length;
        if (next - at > window) {
          at = next - (window - 1);
          ring.fill(0);
          hash = 0;
          count = 0;
          slot = 0;
          sinceEscape = 0;
        }
      }
      const start = at;
      let code = charCodeAt.call(text, at);
      if (decodes && (code === PERCENT || code === BACKSLASH || code === AMPERSAND || code === EQUALS)) {
        code = readUnit(text, at, reading);
        at = unitEnd;
        sinceEscape = 0;
        if (code < 0) continue;
      } else {
        at++;
        sinceEscape++;
      }
      const unit = code < 128 ? asciiFold[code]! : foldsNonAscii ? (fold.get(code) ?? code) : code;
      hash = (Math.imul(hash - Math.imul(ring[slot]!, outgoing), HASH_BASE) + unit) | 0;
      ring[slot] = unit;
      starts[slot] = start;
      slot = slot + 1 === window ? 0 : slot + 1;
      count++;
      const bit = Math.imul(hash, FILTER_MIX) >>> (32 - FILTER_BITS);
      if ((filter[bit >>> 5]! & (1 << (bit & 31))) === 0 || count < window) continue;
      // `slot` is now the oldest unit of the window.
      const candidates = windows.get(hash);
      if (candidates === undefined || !candidates.some((run) => sameAsRing(run, slot))) continue;
      const from = starts[slot]!;
      const last = found[found.length - 1];
      if (last !== undefined && from < last[1]) last[1] = Math.max(last[1], at);
      else found.push([from, at]);
    }
  };

  const decodedSpans = (text: string, reading: Reading): Span[] => {
    const found: Span[] = [];
    pass(text, reading, found);
    return found;
  };

  return {
    spans(text) {
      const plain: Span[] = [];
      // Every unit is at least one character: a shorter text holds no run (most header names and
      // values, which the exchange log searches by the dozen for every request).
      if (text.length < window) return plain;
      const regions = sample.regions(text);
      for (let i = 0; i < regions.length; i += 2) pass(text, 'plain', plain, regions[i], regions[i + 1]);
      // Native searches for one character each: a character class is several times slower over wide text.
      const web = text.includes('%') || text.includes('\\') || text.includes('&');
      const quotedPrintable = text.includes('=');
      if (!web && !quotedPrintable) return plain;
      // Each reading's spans apart (a pass extends the last span it found), then merged.
      const all = plain;
      if (web) all.push(...decodedSpans(text, 'web'));
      if (quotedPrintable) all.push(...decodedSpans(text, 'quoted-printable'));
      return merged(all);
    },
  };
}

function merged(spans: Span[]): Span[] {
  spans.sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    if (last !== undefined && span[0] < last[1]) last[1] = Math.max(last[1], span[1]);
    else out.push([span[0], span[1]]);
  }
  return out;
}
