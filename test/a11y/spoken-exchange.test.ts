/** The inspector's selected request for a screen reader: its whole sentence, broken where a path pauses. */
import { describe, expect, it } from 'vitest';
import { wrapSentence } from '../../src/ui/presentation/spoken-exchange.js';

describe('wrapSentence', () => {
  it('fills each line, breaking a path after a slash or ?, and loses no character', () => {
    const text = 'GET /v0/page_groups/grp-1/pages?cursor=eyJnIjoiZ3JwLTEiLCJvIjoxMDB9&limit=100, status 200, 100 items, 1 of 2';
    const lines = wrapSentence(text, 40, 10);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    expect(lines[0]).toBe('GET /v0/page_groups/grp-1/pages?');
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });

  it('keeps to maxLines, the last one cut', () => {
    const lines = wrapSentence('a '.repeat(100), 10, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/…$/);
  });
});
