import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery, queryNarrows, queryProblem } from '../../../src/ui/query/index.js';

const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
const problemOf = (text: string, kind: 'groups' | 'pages' = 'groups') => queryProblem(text, kind, NOW);

describe('parseQuery', () => {
  it('reads words, phrases, fields, exclusions, comparisons, or and parentheses', () => {
    for (const text of [
      'spring sale',
      '"spring sale"',
      'status:draft',
      'title:"summer sale"',
      'title=""',
      '-archived',
      '-status:archived',
      'updated>2026-01-01',
      'updated<7d',
      'created>=2026-01-31T14:00',
      'pages>=100',
      'pages=0',
      'status:draft | status:published',
      '(a | b) -c',
      'title:/^spr.ng/',
      '/sale$/',
      'updated:2026-03',
    ]) {
      expect(problemOf(text), text).toBeUndefined();
    }
  });

  it('gives the problem and its position for bad syntax', () => {
    expect(problemOf('foo:bar')).toEqual({ at: 0, message: expect.stringContaining('unknown field "foo"') });
    expect(problemOf('a "open')).toEqual({ at: 2, message: 'this quote is never closed' });
    expect(problemOf('a |')).toEqual({ at: 2, message: expect.stringContaining('nothing after "|"') });
    expect(problemOf('| a')?.at).toBe(0);
    expect(problemOf('(a b')).toEqual({ at: 0, message: 'this "(" is never closed' });
    expect(problemOf('a )')).toEqual({ at: 2, message: 'this ")" closes nothing' });
    expect(problemOf('a - b')?.at).toBe(2);
    expect(problemOf('updated>soon')?.at).toBe(8);
    expect(problemOf('updated>2026-02-30')?.message).toContain('not a day');
    expect(problemOf('updated:7d')?.message).toContain('an age compares with < or >');
    expect(problemOf('title>3')?.message).toContain('is text');
    expect(problemOf('pages>many')?.message).toContain('not a count');
    expect(problemOf('status:')?.message).toContain('needs a value');
    // A field takes one value: "(" right after it is neither a group of values nor an empty value.
    for (const [text, at] of [['title:(x', 6], ['title:(a|b)', 6], ['title=(a|b)', 6], ['-status:(draft)', 8], ['pages>(3)', 6], ['updated<(7d)', 8]] as const) {
      expect(problemOf(text), text).toEqual({ at, message: expect.stringContaining('takes one value, not a group') });
    }
    expect(problemOf('title:(x')?.message).toContain('(title:a | title:b)');
    expect(problemOf('title:(x')?.message).toContain('title:"(x"');
    expect(problemOf('title:"(x"')).toBeUndefined();
    expect(problemOf('(title:a | title:b)')).toBeUndefined();
    // The other punctuation right after a field says what it is.
    expect(problemOf('title:)')?.message).toContain('needs a value');
    expect(problemOf('title:|x')?.message).toContain('needs a value');
    expect(problemOf('title:"x')).toEqual({ at: 6, message: 'this quote is never closed' });
    expect(problemOf('title:/x')).toEqual({ at: 6, message: 'this /regex/ is never closed' });
    expect(problemOf('pages>=1', 'pages')?.message).toContain('not a field of pages');
    expect(problemOf('title:/x(/')?.message).toContain('not a valid /regex/');
    expect(problemOf('/(a)\\1/')?.message).toContain('could be slow');
    expect(problemOf('/a/i')?.message).toContain('no flags');
    // Without Unicode mode these would be the literal text "p{L}", matching nothing and saying nothing.
    expect(problemOf('/\\p{L}+/')?.message).toContain('Unicode');
    expect(problemOf('title:/\\P{Lu}/')?.message).toContain('Unicode');
    expect(problemOf('/caf\\u{e9}/')?.message).toContain('Unicode');
    expect(problemOf('/a\\\\p{L}/')).toBeUndefined();
    expect(problemOf('/\\u00e9|p{2}/')).toBeUndefined();
    expect(problemOf(`/${'a'.repeat(300)}/`)?.message).toContain('at most');
    expect(problemOf('x'.repeat(2000))?.message).toContain('at most');
  });

  it('counts the length of a query in characters, as its message says, not in UTF-16 units', () => {
    // 600 rockets are 1,200 UTF-16 units: within 1,000 characters.
    expect(problemOf('🚀'.repeat(600))).toBeUndefined();
    expect(problemOf('🚀'.repeat(1001))).toMatchObject({ at: 2000, message: 'a query may be at most 1000 characters' });
    expect(problemOf('x'.repeat(1001))).toMatchObject({ at: 1000 });
  });

  it('never throws, whatever is typed', () => {
    const alphabet = fc.constantFrom(...'ab :=<>|()"-/\\[]*+?{}7d2026-01T.^$'.split(''), 'status', 'updated', 'pages', 'title', 'é', '\u0000');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }).map((parts) => parts.join('')), fc.constantFrom('groups' as const, 'pages' as const), (text, kind) => {
        const parsed = parseQuery(text, kind, NOW);
        if ('problem' in parsed) {
          expect(parsed.problem.at).toBeGreaterThanOrEqual(0);
          expect(parsed.problem.at).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (text) => void parseQuery(text, 'groups', NOW)), { numRuns: 2000 });
  });
});

describe('queryNarrows', () => {
  it('holds only for plain words that grew or were added', () => {
    expect(queryNarrows('sea', 'seasonal')).toBe(true);
    expect(queryNarrows('a', 'a b')).toBe(true);
    expect(queryNarrows('a', 'a | b')).toBe(false);
    expect(queryNarrows('a', 'a -b')).toBe(false);
    expect(queryNarrows('ab', 'a')).toBe(false);
  });
});
