import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sanitize } from '../../src/text/index.js';
import { hasControlChars, replaceControlChars } from '../../src/text/sanitize.js';

const ESC = '\u001b';
// Everything that must never survive: C0, DEL, C1, bidi overrides/isolates.
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udfff]/u;

describe('sanitize', () => {
  it('keeps plain text, CJK and emoji unchanged', () => {
    expect(sanitize('Hello, 世界 👍 café')).toBe('Hello, 世界 👍 café');
  });

  it('removes CSI sequences including SGR colours and cursor moves', () => {
    expect(sanitize(`${ESC}[31mred${ESC}[0m`)).toBe('red');
    expect(sanitize(`a${ESC}[2J${ESC}[1;1Hb`)).toBe('ab');
    expect(sanitize(`x${ESC}[?1049hy`)).toBe('xy');
  });

  it('removes OSC sequences with their payload (BEL or ST terminated)', () => {
    expect(sanitize(`${ESC}]0;evil title\u0007ok`)).toBe('ok');
    expect(sanitize(`${ESC}]8;;https://evil.example${ESC}\\link${ESC}]8;;${ESC}\\`)).toBe('link');
    expect(sanitize(`${ESC}]52;c;aGVsbG8=\u0007clip`)).toBe('clip');
  });

  it('removes DCS, SOS, PM and APC strings with their payload', () => {
    expect(sanitize(`a${ESC}Pq#0;2;0;0;0${ESC}\\b`)).toBe('ab');
    expect(sanitize(`a${ESC}Xsos${ESC}\\b`)).toBe('ab');
    expect(sanitize(`a${ESC}^pm${ESC}\\b`)).toBe('ab');
    expect(sanitize(`a${ESC}_apc${ESC}\\b`)).toBe('ab');
  });

  it('removes two-byte and intermediate escapes', () => {
    expect(sanitize(`a${ESC}7b${ESC}8c`)).toBe('abc');
    expect(sanitize(`a${ESC}(Bb`)).toBe('ab');
    expect(sanitize(`a${ESC}#8b`)).toBe('ab');
    expect(sanitize(`trailing${ESC}`)).toBe('trailing');
  });

  it('removes 8-bit C1 sequences and their payloads', () => {
    expect(sanitize('a\u009b31mb')).toBe('ab');
    expect(sanitize('a\u009d0;title\u0007b')).toBe('ab');
    expect(sanitize('a\u0090payload\u009cb')).toBe('ab');
    expect(sanitize('a\u0085b\u0080c')).toBe('abc');
  });

  it('swallows an unterminated OSC payload instead of printing it', () => {
    expect(sanitize(`ok${ESC}]0;never ends`)).toBe('ok');
  });

  it('turns tabs and line breaks into a single space', () => {
    expect(sanitize('a\tb\nc\r\nd')).toBe('a b c d');
    expect(sanitize('line\u2028sep')).toBe('line sep');
  });

  it('removes other C0 controls, DEL, bidi controls and lone surrogates', () => {
    expect(sanitize('a\u0000b\u0007c\u0008d\u007fe')).toBe('abcde');
    expect(sanitize('user\u202etxt.exe')).toBe('usertxt.exe');
    expect(sanitize('a\u2066b\u2069c')).toBe('abc');
    expect(sanitize('x\ud800y\udc00z')).toBe('xyz');
    expect(sanitize('pair \ud83d\ude00 ok')).toBe('pair \ud83d\ude00 ok');
  });

  it('converts non-strings', () => {
    expect(sanitize(42)).toBe('42');
    expect(sanitize(false)).toBe('false');
    expect(sanitize(null)).toBe('');
    expect(sanitize(undefined)).toBe('');
    expect(sanitize({ a: 1 })).toBe('');
    expect(sanitize(['a'])).toBe('');
  });

  const fragments = fc.constantFrom(
    ESC, '[', ']', 'P', 'X', '^', '_', '\\', '\u0007', '\u009b', '\u009c', '\u009d', '\u0090',
    '31m', '0;', '1;2H', '?25l', '8;;', 'a', '世', '👍', '\n', '\t', '\r', '\u202e', '\u2067',
    '\ud800', '\udfff', '\u0000', '\u007f', '\u0085', ' ',
  );
  const escapeSoup = fc.array(fragments, { maxLength: 40 }).map((parts) => parts.join(''));
  const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), escapeSoup, fc.string({ unit: 'grapheme', maxLength: 30 }));

  it('never lets a control, bidi control, ESC or lone surrogate through (property)', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const out = sanitize(s);
        expect(out).not.toMatch(FORBIDDEN);
        expect(out).not.toMatch(LONE_SURROGATE);
        expect(out.includes(ESC)).toBe(false);
      }),
      { seed: 20240607, numRuns: 2000 },
    );
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const once = sanitize(s);
        expect(sanitize(once)).toBe(once);
      }),
      { seed: 7, numRuns: 1000 },
    );
  });
});

describe('sanitize: sequences whose width terminals disagree on', () => {
  it('keeps an emoji sequence whole: joiners, variation selectors and skin tones inside one', () => {
    expect(sanitize('👨\u200d👩\u200d👧\u200d👦')).toBe('👨\u200d👩\u200d👧\u200d👦');
    expect(sanitize('❤\ufe0f')).toBe('❤\ufe0f');
    expect(sanitize('👍\u{1f3fd}')).toBe('👍\u{1f3fd}');
    expect(sanitize('👩\u{1f3fd}\u200d💻')).toBe('👩\u{1f3fd}\u200d💻');
    expect(new Intl.Segmenter().segment(sanitize('👨\u200d👩\u200d👧\u200d👦!')).containing(0)?.segment).toBe('👨\u200d👩\u200d👧\u200d👦');
  });

  it('drops the same characters outside an emoji sequence, and other invisible format characters', () => {
    expect(sanitize('a\u200db')).toBe('ab');
    expect(sanitize('👩\u200d')).toBe('👩');
    expect(sanitize('a\ufe0f\u{1f3fd}')).toBe('a');
    expect(sanitize('a\u200bb\ufeffc')).toBe('abc');
    expect(sanitize('👨\u200d\u001b[2J👩')).toBe('👨👩');
  });
});

describe('sanitize: text whose only controls are line breaks and tabs', () => {
  // A lone C0 control in front is removed on its own and sends the rest down the general path,
  // so this compares the line-break shortcut with the full sequence-aware replacement.
  const general = (s: string): string => sanitize(`\u0001${s}`);
  const alphabet = ['a', 'Z', ' ', '\t', '\n', '\r', '\r\n', '\u2028', '\u2029', '\u000b', '\u000c', ESC, '[', ']', '\\', '\u0007', '\u009b', '\u009c', '\u200d', '\ufe0f', '世', '👍', '\ud83c', '\u202e', 'é'];
  it('gives what the general replacement gives, for any mix', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }), (parts) => {
        const s = parts.join('');
        expect(sanitize(s)).toBe(general(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('turns each run of line breaks and tabs into one space', () => {
    expect(sanitize('Spring sale\ngrp-1-p7\n\r\n\tspring-sale')).toBe('Spring sale grp-1-p7 spring-sale');
    expect(sanitize('a\u2028\u2029b')).toBe('a b');
  });
});

describe('control characters alone (keys, clipboard, history)', () => {
  it('finds and replaces C0, DEL and C1 controls, and nothing else', () => {
    expect(hasControlChars('plain café 東京 👍')).toBe(false);
    for (const c of ['\u0000', '\t', '\n', '\u001b', '\u007f', '\u0085', '\u009b', '\u009f']) expect(hasControlChars(`a${c}b`)).toBe(true);
    expect(replaceControlChars('a\u001b[31mb\u009bc\u0007')).toBe('a[31mbc');
    expect(replaceControlChars('a\r\n\tb', ' ')).toBe('a b');
    expect(replaceControlChars('a\u200bb\u202ec')).toBe('a\u200bb\u202ec');
  });
});
