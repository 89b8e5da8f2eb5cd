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

  it('says what submit does in the API key field of pagetui login, and lists the view prompts', () => {
    const listing = keysListing(buildKeymap({}, () => 'config.json:1').bindings);
    const block = (context: string) => listing.split('\n\n').find((b) => b.includes(`[${context}]`)) ?? '';
    expect(block('loginKey')).toMatch(/submit +enter +check and save the key/);
    expect(block('viewName')).toMatch(/submit +enter +save the view/);
    expect(block('viewPicker')).toMatch(/submit +enter +apply the view/);
  });
});
