/** `pagetui keys`: its section titles name the keys in effect, as help does, not the defaults. */
import { describe, expect, it } from 'vitest';
import { buildKeymap, keysListing } from '../../../src/ui/keymap/index.js';

describe('pagetui keys', () => {
  it('titles each section with the keys of the map it lists', () => {
    const { bindings, problems } = buildKeymap({ keys: { filter: 'f', help: 'f1' } }, () => 'config.json:1');
    expect(problems).toEqual([]);
    const listing = keysListing(bindings);
    expect(listing).toContain('Filter bar (f) [filter]');
    expect(listing).toContain('This help (F1) [help]');
    expect(listing).not.toContain('Filter bar (/)');
  });
});
