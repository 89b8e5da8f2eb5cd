/** The footer while background commands run: their names first, the keys in what is left of the width. */
import { describe, expect, it } from 'vitest';
import { withRunningNote } from '../../../src/ui/commands/running-note.js';
import { displayWidth } from '../../../src/text/width.js';

const hints = (width: number): string => 'Enter open  q quit'.slice(0, width);

describe('withRunningNote', () => {
  it('is the keys alone while nothing runs', () => {
    expect(withRunningNote(undefined, 80, hints)).toBe('Enter open  q quit');
    expect(withRunningNote([], 80, hints)).toBe('Enter open  q quit');
  });

  it('names every command running, in words, before the keys', () => {
    expect(withRunningNote(['Hang bg', 'Other'], 80, hints)).toBe('running: Hang bg, Other  Enter open  q quit');
  });

  it('keeps to the width: the note takes at most half of a narrow footer, the keys the rest', () => {
    const line = withRunningNote(['A very long description of a command'], 30, hints);
    expect(displayWidth(line)).toBeLessThanOrEqual(30);
    expect(line.startsWith('running: A')).toBe(true);
    expect(line).toContain('Enter');
  });
});
