import { describe, expect, it } from 'vitest';
import { BINDINGS } from '../../../src/ui/keys/bindings.js';
import { buildKeymap } from '../../../src/ui/keymap/keymap.js';
import { quickKeys } from '../../../src/ui/keymap/quick-keys.js';

const place = (): string => 'config.json:1';

describe("--help's KEYS lines", () => {
  it('name the default keys when the config moves none', () => {
    expect(quickKeys(BINDINGS)).toEqual({
      helpKey: '?',
      line: 'j/k or arrows move · Enter open · d details · Esc back · r retry/refresh · G end · : jump · L new key · q quit',
    });
  });

  it('name the keys the config\'s "keys" put in their place', () => {
    const keymap = buildKeymap({ keys: { moveDown: ['J', 'down'], moveUp: ['K', 'up'], open: 'o', help: 'f1', refresh: 'f5', quit: ['Q', 'ctrl-c'] } }, place);
    expect(keymap.problems).toEqual([]);
    expect(quickKeys(keymap.bindings)).toEqual({
      helpKey: 'F1',
      line: 'J/K or arrows move · o open · d details · Esc back · F5 retry/refresh · G end · : jump · L new key · Q quit',
    });
  });

  it('say arrows alone when only the arrows move', () => {
    const keymap = buildKeymap({ keys: { moveDown: 'down', moveUp: 'up' } }, place);
    expect(quickKeys(keymap.bindings).line).toMatch(/^arrows move · Enter open/);
  });
});
