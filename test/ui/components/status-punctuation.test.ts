/** A part of the status line that ends a sentence does not put its full stop before the dash. */
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../src/ui/components/index.js';

describe('formatStatus punctuation', () => {
  it('drops a full stop before the dash, and keeps the last part as it is', () => {
    const [line] = formatStatus({ tone: 'error', text: 'No answer within 30 s (--timeout).', hint: 'press r to retry' }, undefined, 120);
    expect(line).toContain('(--timeout) — press r to retry');
    expect(line).not.toContain('). —');
  });
});
