/** A bare /regex/ is tried on each field of a row's search text alone, however it is sped up. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSafeRegex, FIELD_BREAK, regexMatchesAnyField } from '../../../src/ui/query/safe-regex.js';

const compiled = (pattern: string): RegExp => {
  const result = compileSafeRegex(pattern);
  if ('problem' in result) throw new Error(result.problem);
  return result.regex;
};

const PIECES = ['a', 'b', '-', ' ', '^', '$', '.', '[^x]', '\\s', '\\S', '\\b', '\\B', 'a*', 'b+', '(a|b)', '\\n', '.*', '[ab]?'];

describe('regexMatchesAnyField', () => {
  it('agrees with trying the pattern on each field by itself', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }),
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '-', ' '), minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
        (pieces, fields) => {
          const regex = compiled(pieces.join(''));
          const expected = fields.some((field) => new RegExp(regex.source).test(field));
          expect(regexMatchesAnyField(regex, fields.join(FIELD_BREAK))).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('anchors every field and never spans two, in a long text too', () => {
    const long = 'x'.repeat(1200);
    for (const text of [['spring sale', 'g-1', 'spring'].join(FIELD_BREAK), [long, 'g-1', 'spring'].join(FIELD_BREAK)]) {
      expect(regexMatchesAnyField(compiled('^g-1$'), text)).toBe(true);
      expect(regexMatchesAnyField(compiled('^spring$'), text)).toBe(true);
      expect(regexMatchesAnyField(compiled('[^z]g-1'), text)).toBe(false);
      expect(regexMatchesAnyField(compiled('1\\sspring'), text)).toBe(false);
    }
  });
});
