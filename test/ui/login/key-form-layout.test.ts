import { describe, expect, it } from 'vitest';
import { joinNumbersToUnits, keyFormLayout } from '../../../src/ui/login/key-form-layout.js';
import { displayWidth } from '../../../src/text/width.js';

const path = '/home/someone/.config/pagetui/credentials.json';
const input = (width: number, height: number) => ({
  width,
  height,
  heading: 'API key for http://127.0.0.1:41635',
  warnings: [
    { text: 'The keychain did not answer within 2 s; is its daemon running?' },
    {
      text: `Refusing to use ${path}: other users can read it (mode 0644); run \`chmod 600 ${path}\` to fix it.`,
      short: `Key file not used (others can read it); run: chmod 600 ${path}`,
      keep: true,
    },
  ],
  note: { text: 'Checked with one request; once it works, the key is kept for this session only. Tab changes where. Enter to use it, Esc to cancel.', short: 'Enter: use, Esc: cancel.' },
  feedback: 'Key rejected (401) — try again, or Esc to cancel.',
});

describe('keyFormLayout', () => {
  it('keeps the feedback and the whole chmod command in whole lines at every size from 38x8 up', () => {
    for (let width = 38; width <= 118; width += 4) {
      for (let height = 8; height <= 22; height++) {
        const l = keyFormLayout(input(width, height));
        const all = [...l.heading, ...l.warnings.flat(), ...l.note, ...l.feedback];
        expect(all.length + 1).toBeLessThanOrEqual(height);
        for (const line of all) {
          expect(displayWidth(line)).toBeLessThanOrEqual(width);
          expect(line).not.toMatch(/^\s/);
        }
        expect(l.feedback.join(' ')).toBe('Key rejected (401) — try again, or Esc to cancel.');
        expect(l.warnings.flat().join('').replace(/\s/g, '')).toContain(`chmod600${path}`);
      }
    }
  });

  it('always says where the key goes: the note where it fits, else its one line, at every size from 38x6 up', () => {
    const note = {
      text: `Checked with one request; once it works, the key is saved in the 0600 file at ${path} (plaintext). Tab changes where. Enter to use it, Esc to cancel.`,
      short: `Key saved in the 0600 file at ${path} (plaintext). Tab changes where. Enter: use, Esc: cancel.`,
    };
    for (let width = 38; width <= 118; width += 4) {
      for (let height = 6; height <= 22; height++) {
        const l = keyFormLayout({ ...input(width, height), note, where: 'Key → file (plaintext) · Tab changes' });
        expect(l.note.join(' ')).toContain('(plaintext)');
        expect(l.heading.length + l.warnings.flat().length + l.note.length + 1 + l.feedback.length).toBeLessThanOrEqual(height);
      }
    }
  });

  it('keeps the heading and the long note when there is room', () => {
    const l = keyFormLayout(input(118, 20));
    expect(l.heading).toEqual(['API key for http://127.0.0.1:41635']);
    expect(l.note.join(' ')).toContain('Checked with one request');
    expect(l.warnings).toHaveLength(2);
  });

  it('never ends a line between a number and its unit', () => {
    expect(joinNumbersToUnits('within 2 s; 10 MB')).toBe('within 2\u00a0s; 10\u00a0MB');
    const lines = keyFormLayout({ ...input(36, 30), warnings: [{ text: 'The keychain did not answer within 2 s.' }] }).warnings[0] ?? [];
    for (const line of lines) expect(line).not.toMatch(/\d$/);
  });
});
