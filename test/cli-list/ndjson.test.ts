import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeJsonControls, ndjsonLine, ndjsonLines } from '../../src/text/json.js';

// Any character a terminal would act on: C0, DEL, C1, and the Unicode line/paragraph separators.
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

describe('NDJSON writer', () => {
  it('escapes C1 controls, DEL and U+2028/2029 as \\u sequences and keeps the value equal', () => {
    const value = {
      name: 'csi\u009b31m red \u001b[2J osc\u009d0;title\u009c del\u007f nel\u0085 ls\u2028ps\u2029 tab\t',
      nested: { list: ['\u0090dcs', '\u009f'] },
    };
    const line = ndjsonLine(value);
    expect(line.endsWith('\n')).toBe(true);
    const body = line.slice(0, -1);
    expect(body).not.toMatch(RAW_CONTROL);
    expect(body).toContain('\\u009b');
    expect(body).toContain('\\u007f');
    expect(body).toContain('\\u0085');
    expect(body).toContain('\\u2028');
    expect(body).toContain('\\u001b');
    expect(JSON.parse(body)).toEqual(value);
  });

  it('leaves ordinary text, CJK and emoji untouched', () => {
    const value = { a: '東京 🚀 é', b: 1.5, c: null, d: true };
    expect(ndjsonLine(value)).toBe(`${JSON.stringify(value)}\n`);
  });

  it('escapes control characters in keys too', () => {
    const value = { 'k\u0085ey': 'v' };
    const body = ndjsonLine(value).trimEnd();
    expect(body).toBe('{"k\\u0085ey":"v"}');
    expect(JSON.parse(body)).toEqual(value);
  });

  it('writes one line per value', () => {
    const text = ndjsonLines([{ a: '\u0085' }, { b: 2 }]);
    expect(text).toBe('{"a":"\\u0085"}\n{"b":2}\n');
    expect(ndjsonLines([])).toBe('');
    expect(escapeJsonControls('"x"')).toBe('"x"');
  });

  it('round-trips any JSON value and never emits a raw control character', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (json, s) => {
        for (const value of [json, { s }, [s, { [s]: s }]]) {
          const body = ndjsonLine(value).slice(0, -1);
          expect(body).not.toMatch(RAW_CONTROL);
          expect(body.includes('\n')).toBe(false);
          expect(JSON.parse(body)).toEqual(JSON.parse(JSON.stringify(value)));
        }
      }),
      { numRuns: 300 },
    );
  });
});
