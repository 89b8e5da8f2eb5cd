/** The terminfo reader on the shipped compiled entries, never on what the machine has installed. */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONSERVATIVE_CAPABILITIES,
  terminalCapabilities,
  terminalColors,
} from '../../src/terminfo/capabilities.js';
import { readTerminfoFile, terminfoDirs } from '../../src/terminfo/locate.js';
import { parseTerminfo, TerminfoFormatError } from '../../src/terminfo/parse.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/terminfo');
const HEX_FIXTURES = join(import.meta.dirname, '../fixtures/terminfo-hex');
const only = (term: string) => ({ TERM: term, TERMINFO: FIXTURES, TERMINFO_DIRS: '/nonexistent' });
const fixture = (term: string) => readFileSync(join(FIXTURES, term.charAt(0), term));

describe('parseTerminfo', () => {
  it('reads the legacy format (0x011A)', () => {
    const vt100 = parseTerminfo(fixture('vt100'));
    expect(fixture('vt100').readUInt16LE(0)).toBe(0o432);
    expect(vt100.names[0]).toBe('vt100');
    expect(vt100.strings.get('csr')).toBe('\u001B[%i%p1%d;%p2%dr');
    expect(vt100.strings.get('ri')).toBe('\u001BM$<5>');
    expect(vt100.strings.has('ech')).toBe(false);
    expect(vt100.numbers.has('colors')).toBe(false);
  });

  it('reads the extended-number format (0x021E) and the extended capabilities', () => {
    const xterm = parseTerminfo(fixture('xterm-256color'));
    expect(fixture('xterm-256color').readUInt16LE(0)).toBe(0o1036);
    expect(xterm.numbers.get('colors')).toBe(256);
    expect(xterm.strings.get('indn')).toBe('\u001B[%p1%dS');
    expect(xterm.strings.get('smcup')).toBe('\u001B[?1049h\u001B[22;0;0t');
    expect(xterm.strings.get('E3')).toBe('\u001B[3J');
    expect(xterm.booleans.has('XT')).toBe(true);
    expect(parseTerminfo(fixture('linux')).numbers.get('colors')).toBe(8);
  });

  it('refuses what is not an entry, and an entry cut short', () => {
    expect(() => parseTerminfo(Buffer.from('#!/bin/sh\necho hi\n'))).toThrow(TerminfoFormatError);
    expect(() => parseTerminfo(fixture('vt220').subarray(0, 200))).toThrow(TerminfoFormatError);
  });
});

describe('finding the entry', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('searches $TERMINFO, ~/.terminfo, $TERMINFO_DIRS (empty = the system ones), then the system directories', () => {
    expect(terminfoDirs({ TERMINFO: '/a', HOME: '/home/u', TERMINFO_DIRS: '/b::/c' })).toEqual([
      '/a',
      '/home/u/.terminfo',
      '/b',
      '/etc/terminfo',
      '/lib/terminfo',
      '/usr/share/terminfo',
      '/c',
    ]);
  });

  it('finds both the letter (x/xterm) and the hex (78/xterm) layouts', () => {
    expect(readTerminfoFile('vt220', { TERMINFO: HEX_FIXTURES })).toEqual(fixture('vt220'));
    expect(readTerminfoFile('vt220', { TERMINFO: FIXTURES })).toEqual(fixture('vt220'));
  });

  it('takes ~/.terminfo before the system directories', () => {
    dir = mkdtempSync(join(tmpdir(), 'pagetui-terminfo-'));
    mkdirSync(join(dir, '.terminfo', 'x'), { recursive: true });
    writeFileSync(join(dir, '.terminfo', 'x', 'xterm-256color'), fixture('vt100'));
    expect(readTerminfoFile('xterm-256color', { HOME: dir })).toEqual(fixture('vt100'));
  });

  it('does not leave the terminfo directories for a TERM with a path in it', () => {
    expect(readTerminfoFile('../../etc/passwd', { TERMINFO: FIXTURES })).toBeUndefined();
    expect(readTerminfoFile('x/../../../etc/passwd', { TERMINFO: FIXTURES })).toBeUndefined();
  });
});

describe('terminalCapabilities', () => {
  it.each([
    // term, scroll, ech, el, alternate screen, cursor hiding, mode 2026, colours
    ['vt100', 'repeated', false, true, false, false, false, 0],
    ['vt220', 'repeated', true, true, false, true, false, 0],
    ['linux', 'repeated', true, true, false, true, false, 8],
    ['screen', 'parameterized', false, true, true, true, false, 8],
    ['tmux-256color', 'parameterized', false, true, true, true, true, 256],
    ['xterm-256color', 'parameterized', true, true, true, true, true, 256],
    ['xterm-mono', 'repeated', false, true, true, false, true, 0],
  ] as const)('%s: scroll %s, ECH %s, EL %s, alternate screen %s, cursor hiding %s, sync %s, %i colours', (term, scroll, ech, el, alt, cursor, sync, colors) => {
    const caps = terminalCapabilities(only(term));
    expect(caps.entry).toBe(term);
    expect(caps.scroll?.kind).toBe(scroll);
    expect(caps.eraseChars).toBe(ech);
    expect(caps.eraseLine).toBe(el);
    expect(caps.alternateScreen !== undefined).toBe(alt);
    expect(caps.cursor !== undefined).toBe(cursor);
    expect(caps.synchronizedOutput).toBe(sync);
    expect(caps.colors).toBe(colors);
    expect(terminalColors(only(term))).toBe(colors);
  });

  it('drops padding from the strings it uses (vt100 ri is ESC M$<5>)', () => {
    expect(terminalCapabilities(only('vt100')).scroll).toEqual({ kind: 'repeated', index: '\n', reverseIndex: '\u001BM' });
    expect(terminalCapabilities(only('vt100')).clear).toBe('\u001B[H\u001B[J');
  });

  it('uses the conservative set for an unknown TERM, no TERM, or an entry it cannot read', () => {
    expect(terminalCapabilities(only('no-such-terminal'))).toBe(CONSERVATIVE_CAPABILITIES);
    expect(terminalCapabilities({ TERMINFO: FIXTURES, TERMINFO_DIRS: '/nonexistent' })).toBe(CONSERVATIVE_CAPABILITIES);
    const broken = mkdtempSync(join(tmpdir(), 'pagetui-terminfo-'));
    try {
      mkdirSync(join(broken, 'x'));
      writeFileSync(join(broken, 'x', 'xterm'), 'not an entry');
      expect(terminalCapabilities({ TERM: 'xterm', TERMINFO: broken, TERMINFO_DIRS: '/nonexistent' })).toBe(
        CONSERVATIVE_CAPABILITIES,
      );
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
    expect(CONSERVATIVE_CAPABILITIES).toMatchObject({ scroll: undefined, eraseChars: false, alternateScreen: undefined, cursor: undefined, synchronizedOutput: false });
  });
});
