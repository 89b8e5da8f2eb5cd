/** A part of the status line that ends a sentence does not put its full stop before the dash. */
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../src/ui/components/index.js';

describe('formatStatus punctuation', () => {
  it('drops a full stop before the dash, and keeps the last part as it is', () => {
    const [line] = formatStatus({ tone: 'error', text: 'No answer within 30 s (--timeout).', hint: 'press r to retry' }, undefined, 120);
    expect(line).toContain('(--timeout) — press r to retry');
    expect(line).not.toContain('). —');
  });

  it('a sentence cut beside its hint keeps its words, though its full stop is not said (start-up problems at 80 and 120 columns)', () => {
    const text = '"moveDwon" is not an action (`pagetui keys` lists them); the entry is ignored (/home/me/.config/pagetui/config.json:2).';
    for (const width of [80, 120]) {
      const [line = ''] = formatStatus({ tone: 'warning', text, hint: '7 more: E lists them' }, undefined, width);
      expect(line).toMatch(/^"moveDwon" is not an action .*… — 7 more: E lists them$/);
    }
  });
});
