import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { asciiWanted, localeIsUtf8, setAsciiOnly } from '../../src/text/charset.js';
import { asciiCells, glyph, spinnerFrames, toAscii } from '../../src/text/glyphs.js';
import { displayWidth, fit, truncate, wrap } from '../../src/text/index.js';

afterEach(() => setAsciiOnly(false));

describe('the locale', () => {
  it('is UTF-8 by LC_ALL, else LC_CTYPE, else LANG', () => {
    expect(localeIsUtf8({ LANG: 'en_US.UTF-8' })).toBe(true);
    expect(localeIsUtf8({ LANG: 'C.utf8' })).toBe(true);
    expect(localeIsUtf8({ LANG: 'de_DE.UTF-8@euro' })).toBe(true);
    expect(localeIsUtf8({ LC_ALL: 'C', LANG: 'en_US.UTF-8' })).toBe(false);
    expect(localeIsUtf8({ LC_CTYPE: 'POSIX', LANG: 'en_US.UTF-8' })).toBe(false);
    expect(localeIsUtf8({ LC_ALL: '', LC_CTYPE: 'en_GB.UTF-8', LANG: 'C' })).toBe(true);
    expect(localeIsUtf8({ LANG: 'en_US.ISO-8859-1' })).toBe(false);
    expect(localeIsUtf8({ LANG: 'en_US' })).toBe(false);
    expect(localeIsUtf8({})).toBe(false);
  });

  it('is overridden by --utf8 or PAGETUI_UTF8=1', () => {
    expect(asciiWanted({ LC_ALL: 'C' })).toBe(true);
    expect(asciiWanted({ LC_ALL: 'C' }, true)).toBe(false);
    expect(asciiWanted({ LC_ALL: 'C', PAGETUI_UTF8: '1' })).toBe(false);
    expect(asciiWanted({ LC_ALL: 'C', PAGETUI_UTF8: '0' })).toBe(true);
    expect(asciiWanted({ LANG: 'en_US.UTF-8' })).toBe(false);
  });
});

describe('glyphs', () => {
  it('come in UTF-8 by default and in ASCII when asked', () => {
    expect([glyph('crumbSeparator'), glyph('ellipsis'), glyph('mask'), glyph('arrowUp')]).toEqual(['›', '…', '•', '↑']);
    expect(spinnerFrames()[0]).toBe('⠋');
    setAsciiOnly(true);
    expect([glyph('crumbSeparator'), glyph('ellipsis'), glyph('mask'), glyph('arrowUp'), glyph('arrowDown')]).toEqual(['>', '...', '*', '^', 'v']);
    expect(spinnerFrames()).toEqual(['|', '/', '-', '\\']);
  });

  it('turn text into ASCII: the app glyphs by the table, anything else as one ? a character', () => {
    expect(toAscii('a › b — c…')).toBe('a > b - c...');
    expect(toAscii('国際 é e\u0301 🌍 👩‍👩‍👧')).toBe('?? ? ? ? ?');
    expect(toAscii('plain')).toBe('plain');
  });

  it('fill each column with one ASCII character for the frame writer', () => {
    expect(asciiCells('›', 1)).toEqual(['>']);
    expect(asciiCells('…', 1)).toEqual(['.']);
    expect(asciiCells('⠹', 1)).toEqual(['-']);
    expect(asciiCells('国', 2)).toEqual(['?', '?']);
  });

  it('cover every non-ASCII character in the code of src/ui', () => {
    const root = fileURLToPath(new URL('../../src/ui', import.meta.url));
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
      });
    const missing = new Set<string>();
    for (const file of files(root)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (/^\s*(\/\/|\/?\*)/.test(line)) continue;
        for (const char of line.replace(/\/\/.*$/, '')) if (char > '\u007f' && toAscii(char) === '?') missing.add(char);
      }
    }
    expect([...missing]).toEqual([]);
  });
});

describe('cutting text for a terminal that is not UTF-8', () => {
  it('shows server text outside ASCII as ?, cut by width, with ... for what was cut', () => {
    setAsciiOnly(true);
    expect(truncate('International — 国際 — دولي', 20)).toBe('International - ?...');
    expect(displayWidth(truncate('国際国際国際国際', 5))).toBeLessThanOrEqual(5);
    expect(truncate('国際国際国際国際', 5)).toBe('??...');
    expect(fit('Ünïcödé', 8)).toBe('?n?c?d? ');
    expect(truncate('abc', 2)).toBe('ab');
    expect(wrap('one two three four', 9, 1)).toEqual(['one tw...']);
  });

  it('changes nothing on a UTF-8 terminal', () => {
    expect(truncate('International — 国際 — دولي', 20)).toBe('International — 国…');
    expect(wrap('one two three four', 9, 1)).toEqual(['one two…']);
  });
});
