import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BodySlots } from '../../src/api/inspector/body-slots.js';

describe('BodySlots', () => {
  it('keeps the newest bodies readable and gives up the oldest slot to the next body', () => {
    const slots = new BodySlots(3, 1024);
    const kept = ['first', 'second', 'third'].map((t) => slots.keep(t));
    expect(kept.map((b) => b.text)).toEqual(['first', 'second', 'third']);
    const fourth = slots.keep('x'.repeat(2000));
    // The first body's slot now holds the fourth: the log dropped the first before this.
    expect(kept[0]?.text).toBe('');
    expect(kept[1]?.text).toBe('second');
    expect(fourth.text).toBe('x'.repeat(1024));
    expect(fourth.truncated).toBe(true);
    expect(JSON.stringify(kept[2])).toBe('{"text":"third","truncated":false}');
  });

  it('cuts at the byte cap and never inside a character', () => {
    const slots = new BodySlots(2, 5);
    const body = slots.keep('ééé');
    expect(body.text).toBe('éé');
    expect(body.truncated).toBe(true);
    expect(slots.keep('abc').truncated).toBe(false);
  });

  it('keeps a body from its bytes as from its text: same text, same cut, the byte-order mark left out', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.integer({ min: 0, max: 80 }), fc.boolean(), (text, cap, bom) => {
        const fromText = new BodySlots(2, cap).keep(text);
        const bytes = Buffer.from(text, 'utf8');
        const fromBytes = new BodySlots(2, cap).keepBytes(bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes);
        expect(fromBytes.text).toBe(fromText.text);
        expect(fromBytes.truncated).toBe(fromText.truncated);
      }),
      { numRuns: 2000, seed: 4242 },
    );
  });

  it('copies the bytes: the caller may reuse its buffer', () => {
    const slots = new BodySlots(2, 1024);
    const bytes = Buffer.from('{"a":1}');
    const kept = slots.keepBytes(bytes);
    bytes.fill(0x20);
    expect(kept.text).toBe('{"a":1}');
  });
});
