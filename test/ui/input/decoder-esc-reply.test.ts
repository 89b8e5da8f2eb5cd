/** Esc typed just before a terminal reply arrives (the frame pacer's DA1 answer over a link): both survive. */
import { describe, expect, it } from 'vitest';
import { InputDecoder } from '../../../src/ui/input/decoder.js';

describe('Esc then a terminal reply in one read', () => {
  it('is the Esc key, then the reply (the Esc is not swallowed as Alt)', () => {
    const events = new InputDecoder().push('\u001b\u001b[?1;2c');
    expect(JSON.stringify(events)).toContain('s:escape');
    expect(events.some((e) => e.kind === 'reply' && e.seq === '\u001b[?1;2c')).toBe(true);
  });
});
