/**
 * Sentences that name a key (the status bar, an empty list's text) name the key in effect: after
 * `"keys"` remapped refresh, loadAll, login and back, none of them says r, Tab, L or Esc.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/http/errors.js';
import type { PagerSnapshot } from '../../../src/api/types.js';
import { BINDINGS, setActiveBindings } from '../../../src/ui/keys/bindings.js';
import { applyKeymap, buildKeymap } from '../../../src/ui/keymap/index.js';
import { emptyListText } from '../../../src/ui/screens/empty-text.js';
import { describeStatus, errorMessage, errorNextStep } from '../../../src/ui/store/status.js';

const snapshot = (over: Partial<PagerSnapshot>): PagerSnapshot => ({ items: [], state: 'idle', hasMore: true, warnings: [], pagesFetched: 0, loadingAll: false, version: 1, ...over });
const network = new ApiError('network', 'NETWORK', 'The connection was reset.', {});

beforeEach(() => {
  const keymap = buildKeymap({ keys: { refresh: 'f5', loadAll: 'f6', login: 'f7', back: ['f9', 'backspace'], reloadFromStart: 'f10' } }, () => 'config.json:1');
  expect(keymap.problems).toEqual([]);
  applyKeymap(keymap);
});
afterEach(() => setActiveBindings(BINDINGS));

describe('sentences that name a key', () => {
  it('name the keys in effect', () => {
    expect(errorNextStep(network)).toBe('F5 retries.');
    expect(errorNextStep(new ApiError('auth', 'NO_API_KEY', 'No key.', {}))).toBe('F7 enters a key.');
    expect(errorNextStep(network, true)).toBe('F5 retries; F10 reloads from the first page.');
    expect(errorMessage(network, 0).hint).toBe('press F5 to retry');
    expect(errorMessage(new ApiError('auth', 'NO_API_KEY', 'No key.', {}), 0).text).toBe('No API key — press F7 to enter one');
    expect(emptyListText('groups', snapshot({ items: [{ id: 'a' }] as never, state: 'idle' }), true)).toBe('No loaded row matches — F6 loads the rest.');
    expect(emptyListText('groups', snapshot({ state: 'error' }), false)).toBe('Nothing loaded yet; F5 retries.');
    const status = describeStatus(snapshot({ items: [{ id: 'a' }] as never, state: 'idle' }), undefined, 0, { matches: 1 });
    expect(status.right).toBe('1 of 1 loaded match — more not loaded yet (F6 loads all)');
    expect(describeStatus(snapshot({ items: [{ id: 'a' }] as never, state: 'idle' }), undefined, 0, { matches: 1, loadingAll: true }).right).toContain('F9 to stop');
  });
});
