/**
 * The filter's query language, parsed into a tree the evaluator runs (query-run.ts). Grammar:
 *
 *   query := or                       (empty: every row)
 *   or    := and ( "|" and )*          `|` binds loosest: `a b | c` is (a and b) or c
 *   and   := unary unary*              terms side by side must all match
 *   unary := "-"? primary              `-` excludes
 *   primary := "(" or ")" | term
 *
 * Never throws: any text gives a tree or a problem with its position (see docs/queries.md).
 */
import type { ListKind } from '../../api/pager/list-pager.js';
import { fieldNames, findField, type FieldDef } from './fields.js';
import { lex, type QueryProblem, type Token } from './lexer.js';
import { compileSafeRegex } from './safe-regex.js';
import { countRange, dateRange, type Range } from './values.js';

export type QueryNode =
  | { readonly kind: 'and' | 'or'; readonly items: readonly QueryNode[] }
  | { readonly kind: 'not'; readonly item: QueryNode }
  /** Lowercased text anywhere in the row's names, ids and slugs (as the plain filter). */
  | { readonly kind: 'text'; readonly needle: string }
  /** A field holding (`:`) or being (`=`) the lowercased text. */
  | { readonly kind: 'field'; readonly field: FieldDef; readonly needle: string; readonly exact: boolean }
  /** A /regex/ over a field, or over each of the row's names, ids and slugs when no field is named. */
  | { readonly kind: 'regex'; readonly field?: FieldDef; readonly regex: RegExp }
  /** A date or count field within a range. */
  | { readonly kind: 'range'; readonly field: FieldDef; readonly range: Range };

export type ParsedQuery = { readonly node: QueryNode | null } | { readonly problem: QueryProblem };

/** Most terms a query may hold: each costs a pass over the loaded items. */
const MAX_TERMS = 32;
/** Longest query read: past it the prompt says so. */
const MAX_QUERY = 1000;

/**
 * A needle with accented letters matches them composed (é, as keyboards type it) and decomposed
 * (e + U+0301, as some servers send it): they look the same on screen. The item texts are not
 * normalised (over a million names that would cost as much as lowercasing them); the query is
 * asked both ways instead.
 */
function eitherForm(needle: string, node: (needle: string) => QueryNode): QueryNode {
  const forms = [...new Set([needle, needle.normalize('NFC'), needle.normalize('NFD')])];
  return forms.length === 1 ? node(needle) : { kind: 'or', items: forms.map(node) };
}

/** True when `text` is written differently composed and decomposed (it holds an accented letter). */
export const hasOtherForm = (text: string): boolean => text.normalize('NFC') !== text || text.normalize('NFD') !== text;

/** Where `text`'s character after the first `most` starts (a UTF-16 index), or undefined when it has no more. */
function pastCharacters(text: string, most: number): number | undefined {
  let at = 0;
  for (let n = 0; n < most; n++) {
    if (at >= text.length) return undefined;
    at += (text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
  }
  return at < text.length ? at : undefined;
}

export function parseQuery(text: string, kind: ListKind, now: number): ParsedQuery {
  const past = text.length > MAX_QUERY ? pastCharacters(text, MAX_QUERY) : undefined;
  if (past !== undefined) return { problem: { at: past, message: `a query may be at most ${MAX_QUERY} characters` } };
  const lexed = lex(text);
  if ('problem' in lexed) return lexed;
  if (lexed.tokens.filter((t) => t.type === 'term').length > MAX_TERMS) {
    return { problem: { at: 0, message: `a query may hold at most ${MAX_TERMS} terms` } };
  }
  try {
    const parser = new Parser(lexed.tokens, text.length, kind, now);
    return { node: parser.query() };
  } catch (error) {
    if (error instanceof ProblemAt) return { problem: error.problem };
    return { problem: { at: 0, message: 'this query could not be read' } };
  }
}

class ProblemAt extends Error {
  constructor(readonly problem: QueryProblem) {
    super(problem.message);
  }
}

const fail = (at: number, message: string): never => {
  throw new ProblemAt({ at, message });
};

class Parser {
  private i = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly end: number,
    private readonly kind: ListKind,
    private readonly now: number,
  ) {}

  query(): QueryNode | null {
    if (this.tokens.length === 0) return null;
    const node = this.or();
    const extra = this.tokens[this.i];
    if (extra) fail(extra.at, extra.type === 'close' ? 'this ")" closes nothing' : 'unexpected here');
    return node;
  }

  private or(): QueryNode {
    const items = [this.and()];
    while (this.tokens[this.i]?.type === 'or') {
      const bar = this.tokens[this.i++] as Token;
      const next = this.tokens[this.i];
      if (!next || next.type === 'or' || next.type === 'close') fail(bar.at, 'nothing after "|": write a term on each side');
      items.push(this.and());
    }
    return items.length === 1 ? (items[0] as QueryNode) : { kind: 'or', items };
  }

  private and(): QueryNode {
    const items: QueryNode[] = [];
    for (let t = this.tokens[this.i]; t && t.type !== 'or' && t.type !== 'close'; t = this.tokens[this.i]) items.push(this.primary());
    if (items.length === 0) {
      const t = this.tokens[this.i];
      fail(t?.at ?? this.end, t?.type === 'or' ? 'nothing before "|": write a term on each side' : 'a term is missing here');
    }
    return items.length === 1 ? (items[0] as QueryNode) : { kind: 'and', items };
  }

  private primary(): QueryNode {
    const t = this.tokens[this.i++] as Token;
    if (t.type === 'not') return { kind: 'not', item: this.primary() };
    if (t.type === 'open') {
      if (this.tokens[this.i]?.type === 'close') fail(t.at, 'empty parentheses');
      const inner = this.or();
      if (this.tokens[this.i]?.type !== 'close') fail(t.at, 'this "(" is never closed');
      this.i++;
      return inner;
    }
    if (t.type !== 'term') return fail(t.at, 'unexpected here');
    const node = this.term(t);
    return t.negated ? { kind: 'not', item: node } : node;
  }

  private term(t: Extract<Token, { type: 'term' }>): QueryNode {
    const { value } = t;
    if (!t.field) {
      if (value.kind === 'regex') return { kind: 'regex', regex: this.regex(value.text, value.at) };
      if (value.text === '') fail(value.at, 'an empty phrase: type something between the quotes');
      return eitherForm(value.text.toLowerCase(), (needle) => ({ kind: 'text', needle }));
    }
    const { name, op, at } = t.field;
    const field = findField(this.kind, name);
    if (!field) {
      const other = findField(this.kind === 'groups' ? 'pages' : 'groups', name);
      const where = this.kind === 'groups' ? 'page groups' : 'pages';
      const why = other ? `"${name}" is not a field of ${where}` : `unknown field "${name}"`;
      fail(at, `${why} (fields: ${fieldNames(this.kind)}); "quote it" to search the text`);
    }
    const def = field as FieldDef;
    if (value.kind === 'regex') {
      if (op !== ':') fail(at, `a /regex/ goes after "${def.name}:"`);
      return { kind: 'regex', field: def, regex: this.regex(value.text, value.at) };
    }
    // `updated:2026-03` is the text of the date as sent; a whole day, a moment or an age is a range.
    const dateText = def.type === 'date' && op === ':' && !/^(\d{4}-\d{2}-\d{2}(T.*)?|\d+[mhdw])$/i.test(value.text);
    if (def.type === 'text' || dateText) {
      if (op !== ':' && op !== '=') fail(at, `"${def.name}" is text: use ${def.name}:value, ${def.name}=value or ${def.name}:/regex/`);
      if (op === ':' && value.text === '') fail(value.at, `an empty value: ${def.name}="" is a field that is empty`);
      return eitherForm(value.text.toLowerCase(), (needle) => ({ kind: 'field', field: def, needle, exact: op === '=' }));
    }
    const range = def.type === 'count' ? countRange(op, value.text) : dateRange(op, value.text, this.now);
    if (typeof range === 'string') return fail(value.at, range);
    return { kind: 'range', field: def, range };
  }

  private regex(pattern: string, at: number): RegExp {
    const compiled = compileSafeRegex(pattern);
    if ('problem' in compiled) return fail(at, compiled.problem);
    return compiled.regex;
  }
}
