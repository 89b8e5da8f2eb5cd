/**
 * The one wording of a config problem: `<file> line 4: theme: expected one of auto, dark, light;
 * got "blue" — the default (auto) is used`. The file, the line, the key path, what was expected,
 * what was there, and what pagetui does instead.
 */
import { escapeJsonControls } from '../text/json.js';
import { echoed } from '../text/echoed.js';
import { keyPathText } from './key-path.js';
import { BASE_URL_PATTERN, type SchemaNode, type SchemaType } from './schema.js';
import type { Problem } from './validate.js';

const TYPE_WORDS: Readonly<Record<SchemaType, string>> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** Patterns the schema uses, in words. */
const PATTERN_WORDS: Readonly<Record<string, string>> = {
  '\\S': 'a string that is not blank',
  [BASE_URL_PATTERN]: 'an http:// or https:// URL without user:password@, ?query or #fragment',
};

const MAX_GOT_CHARS = 40;

/** What a schema asks for, in words: "one of auto, dark, light", "a whole number from 1 to 3600". */
function expectedText(schema: SchemaNode): string {
  if (schema.enum !== undefined) return schema.enum.length === 1 ? JSON.stringify(schema.enum[0]) : `one of ${schema.enum.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join(', ')}`;
  const types = schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type;
  return types.map((type) => typeText(type, schema)).join(' or ') || 'a value';
}

function typeText(type: SchemaType, schema: SchemaNode): string {
  if (type === 'string' && schema.pattern !== undefined) return PATTERN_WORDS[schema.pattern] ?? `a string matching /${schema.pattern}/`;
  if (type === 'string' && (schema.minLength ?? 0) > 0) return 'a non-empty string';
  if ((type === 'integer' || type === 'number') && schema.minimum !== undefined && schema.maximum !== undefined) {
    return `${TYPE_WORDS[type]} from ${schema.minimum} to ${schema.maximum}`;
  }
  if (type === 'integer' || type === 'number') {
    if (schema.minimum !== undefined) return `${TYPE_WORDS[type]} of at least ${schema.minimum}`;
    if (schema.maximum !== undefined) return `${TYPE_WORDS[type]} of at most ${schema.maximum}`;
  }
  if (type === 'array' && schema.items !== undefined) {
    const each = expectedText(schema.items);
    const list = each.startsWith('a ') ? `a list of ${each.slice(2)}s` : `a list, each ${each}`;
    return schema.minItems !== undefined && schema.minItems > 0 ? `a non-empty ${list.slice(2)}` : list;
  }
  return TYPE_WORDS[type];
}

/** A value from the file as the message shows it: short, escaped. */
function gotText(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : `a list of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  // JSON.parse reads 1e309 as Infinity, which JSON.stringify writes as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return 'a number too large to use (beyond ±1.8e308)';
  // A URL's user:password@ is never repeated.
  const json = escapeJsonControls(JSON.stringify(value) ?? String(value)).replace(/(\/\/)[^\s/?#@"]*@/g, '$1…@');
  return echoed(json, MAX_GOT_CHARS);
}

/** The known name closest to a misspelt one (case, one or two letters off), if any. */
function closestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(2, Math.floor(name.length / 3));
  for (const candidate of known) {
    if (candidate.toLowerCase() === name.toLowerCase()) return candidate;
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d <= bestDistance) {
      best = candidate;
      bestDistance = d - 1;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/**
 * Settings whose bad value does not fall back to the default: `"cache"` not understood is off
 * (src/auth/config.ts), as PAGETUI_CACHE not understood is: a setting meant as off never leaves
 * rows on disk.
 */
const INSTEAD_OF_DEFAULT: Readonly<Record<string, string>> = { cache: 'the cache is off' };

/** What happens instead of the value: the default, or the part of the file that is ignored. */
function insteadText(p: Problem): string {
  const own = p.dropped.length === p.path.length;
  const instead = p.path.length === 1 && own && p.kind === 'value' ? INSTEAD_OF_DEFAULT[String(p.path[0])] : undefined;
  if (instead !== undefined) return instead;
  if (own && p.kind === 'value' && p.schema.default !== undefined) return `the default (${gotText(p.schema.default).replace(/^"(.*)"$/, '$1')}) is used`;
  if (own) return 'it is ignored';
  return `${keyPathText(p.dropped)} is ignored`;
}

/** The message for one problem, after `<file> line N: `. */
export function problemText(p: Problem): string {
  const where = keyPathText(p.path);
  switch (p.kind) {
    case 'value':
      return `${where}: expected ${expectedText(p.schema)}; got ${gotText(p.got)} — ${insteadText(p)}`;
    case 'missing':
      return `${where}: expected ${expectedText(p.schema)}; it is missing — ${insteadText(p)}`;
    case 'unknown': {
      const name = String(p.path.at(-1));
      const near = closestName(name, p.known);
      const hint = near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`;
      return `${where}: unknown key${hint} — ${insteadText(p)}`;
    }
  }
}
