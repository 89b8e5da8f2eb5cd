/**
 * Splits a typed query into tokens, each with its position: `|`, `(`, `)`, and terms. A term is a
 * word, a "quoted phrase" or a /regex/, optionally after `-` (exclude) and `field:` or a
 * comparison (`field>=`, `field<`, …). Never throws: a problem is a QueryProblem.
 */
export interface QueryProblem {
  /** Index in the typed text where the problem is (0-based). */
  readonly at: number;
  readonly message: string;
}

export type Operator = ':' | '=' | '<' | '<=' | '>' | '>=';

export interface TermValue {
  readonly kind: 'word' | 'phrase' | 'regex';
  readonly text: string;
  readonly at: number;
}

export type Token =
  | { readonly type: 'or' | 'open' | 'close' | 'not'; readonly at: number }
  | {
      readonly type: 'term';
      readonly at: number;
      readonly negated: boolean;
      readonly field?: { readonly name: string; readonly op: Operator; readonly at: number };
      readonly value: TermValue;
    };

/** Characters that end a bare word (outside quotes and regexes). */
const STOPS = new Set([' ', '\t', '|', '(', ')', '"']);
const FIELD = /^([A-Za-z]+)(>=|<=|:|=|<|>)/;

type Lexed = { readonly tokens: Token[] } | { readonly problem: QueryProblem };

export function lex(text: string): Lexed {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === ' ' || ch === '\t') i++;
    else if (ch === '-' && text[i + 1] === '(') {
      tokens.push({ type: 'not', at: i });
      i++;
    } else if (ch === '|' || ch === '(' || ch === ')') {
      tokens.push({ type: ch === '|' ? 'or' : ch === '(' ? 'open' : 'close', at: i });
      i++;
    } else {
      const term = lexTerm(text, i);
      if ('problem' in term) return term;
      tokens.push(term.token);
      i = term.end;
    }
  }
  return { tokens };
}

function lexTerm(text: string, start: number): { token: Token; end: number } | { problem: QueryProblem } {
  let i = start;
  const negated = text[i] === '-';
  if (negated) {
    i++;
    if (i >= text.length || (text[i] !== '"' && STOPS.has(text[i] as string))) return { problem: { at: start, message: '"-" needs a term right after it (-word, -field:value)' } };
  }
  const field = FIELD.exec(text.slice(i, i + 40));
  let fieldPart: { name: string; op: Operator; at: number } | undefined;
  if (field) {
    fieldPart = { name: field[1] as string, op: field[2] as Operator, at: i };
    i += field[0].length;
    if (i >= text.length || text[i] === ' ' || text[i] === '\t' || text[i] === '|' || text[i] === ')') {
      return { problem: { at: fieldPart.at, message: `"${field[0]}" needs a value right after it` } };
    }
    // `title:(a|b)` would otherwise read as an empty value and a group beside it.
    if (text[i] === '(') return { problem: { at: i, message: groupAfterField(field[0], fieldPart.name) } };
  }
  const value = lexValue(text, i);
  if ('problem' in value) return value;
  const token: Token = { type: 'term', at: start, negated, ...(fieldPart ? { field: fieldPart } : {}), value: value.value };
  return { token, end: value.end };
}

function groupAfterField(prefix: string, name: string): string {
  return `"${prefix}" takes one value, not a group: write (${name}:a | ${name}:b), or ${name}:"(x" to search for "("`;
}

function lexValue(text: string, start: number): { value: TermValue; end: number } | { problem: QueryProblem } {
  const ch = text[start];
  if (ch === '"') return lexPhrase(text, start);
  if (ch === '/') return lexRegex(text, start);
  let i = start;
  while (i < text.length && !STOPS.has(text[i] as string)) i++;
  if (text[i] === '"') return { problem: { at: i, message: 'a quote starts a phrase: put a space before it, or quote the whole word' } };
  return { value: { kind: 'word', text: text.slice(start, i), at: start }, end: i };
}

/** "a phrase", where \" is a quote and \\ a backslash. */
function lexPhrase(text: string, start: number): { value: TermValue; end: number } | { problem: QueryProblem } {
  let out = '';
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) {
      out += text[i + 1];
      i++;
    } else if (ch === '"') return { value: { kind: 'phrase', text: out, at: start }, end: i + 1 };
    else out += ch;
  }
  return { problem: { at: start, message: 'this quote is never closed' } };
}

/** /pattern/: ends at the first unescaped / outside a [character class]. */
function lexRegex(text: string, start: number): { value: TermValue; end: number } | { problem: QueryProblem } {
  let inClass = false;
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) {
      const after = text[i + 1];
      if (after !== undefined && !STOPS.has(after)) {
        return { problem: { at: i + 1, message: 'nothing may follow a /regex/ (no flags: it always ignores case)' } };
      }
      return { value: { kind: 'regex', text: text.slice(start + 1, i), at: start }, end: i + 1 };
    }
  }
  return { problem: { at: start, message: 'this /regex/ is never closed' } };
}
