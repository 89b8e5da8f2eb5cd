/**
 * Ctrl-f / Ctrl-b page down / up while browsing, as in less, vim and k9s; in every text field they
 * stay the line editor's one-character moves (readline).
 */
import { describe, expect, it } from 'vitest';
import { BINDINGS, createMatcher, decodeFieldInput, TEXT_CONTEXTS, type KeyContext } from '../../../src/ui/keys/index.js';
import { buildKeymap } from '../../../src/ui/keymap/keymap.js';
import { routeInput } from '../../../src/ui/screens/route-keys.js';
import type { AppStore } from '../../../src/ui/store/app-store.js';
import { groupsOf, pagesOf, selectedId, settle, startStore } from '../store/helpers.js';

const CTRL_F = '\u0006';
const CTRL_B = '\u0002';
const PG_DN = '\u001b[6~';
const press = (store: AppStore, input: string) => routeInput(store, input, () => {});
const place = (path: readonly (string | number)[]): string => `config.json:${path.join('.')}`;

const BROWSING: readonly KeyContext[] = ['list', 'detail', 'help', 'inspector', 'exchange', 'errorView'];

describe('Ctrl-f and Ctrl-b in the key table', () => {
  it.each(BROWSING)('page down and up in %s', (context) => {
    expect(createMatcher(context).commandOf('^f')).toBe('pageDown');
    expect(createMatcher(context).commandOf('^b')).toBe('pageUp');
  });

  it.each([...TEXT_CONTEXTS])('move the cursor one character in the %s field', (context) => {
    expect(createMatcher(context).commandOf('^f')).toBe('charForward');
    expect(createMatcher(context).commandOf('^b')).toBe('charBack');
    expect(decodeFieldInput(CTRL_F, context)).toEqual([{ command: 'charForward', id: '^f', end: 1 }]);
    expect(decodeFieldInput(CTRL_B, context)).toEqual([{ command: 'charBack', id: '^b', end: 1 }]);
  });

  it('keep PgDn / PgUp paging the list from the filter bar', () => {
    expect(createMatcher('filter').commandOf('s:pageDown')).toBe('pageDown');
    expect(createMatcher('filter').commandOf('s:pageUp')).toBe('pageUp');
  });

  it('are named in help and in `pagetui keys` where they act', () => {
    const pageDown = BINDINGS.filter((b) => b.command === 'pageDown');
    expect(pageDown.find((b) => b.contexts.includes('list'))?.label).toBe('PgDn / Ctrl-f');
    expect(pageDown.find((b) => b.contexts.includes('filter'))?.label).toBe('PgDn');
  });
});

describe('Ctrl-f and Ctrl-b in the store', () => {
  const data = () => ({ groups: groupsOf(3), pages: { 'g-1': pagesOf('g-1', 1000) } });

  it('move the selection a page down and up on a page list, as PgDn and PgUp do', async () => {
    const byPgDn = (await startStore(data())).store;
    const byCtrlF = (await startStore(data())).store;
    for (const store of [byPgDn, byCtrlF]) {
      press(store, '\r');
      await settle();
    }
    press(byPgDn, PG_DN + PG_DN);
    press(byCtrlF, CTRL_F + CTRL_F);
    await settle();
    expect(selectedId(byCtrlF)).not.toBe('g-1-p1');
    expect(selectedId(byCtrlF)).toBe(selectedId(byPgDn));
    press(byCtrlF, CTRL_B);
    await settle();
    const afterBack = byCtrlF.getSnapshot().list.selected;
    expect(afterBack).toBeGreaterThan(0);
    expect(afterBack).toBeLessThan(byPgDn.getSnapshot().list.selected);
  });

  it('leave the selection alone in the filter bar (the field moves its cursor)', async () => {
    const { store } = await startStore(data());
    press(store, '\r');
    await settle();
    press(store, '/');
    press(store, CTRL_F);
    await settle();
    expect(store.getSnapshot().input?.kind).toBe('filter');
    expect(selectedId(store)).toBe('g-1-p1');
  });
});

describe('the config\'s "keys" with Ctrl-f and Ctrl-b', () => {
  it('gives pageDown other keys: Ctrl-f then pages no more, PgDn still pages in the filter bar', () => {
    const { bindings, problems } = buildKeymap({ keys: { pageDown: ['space', 'pgdn'] } }, place);
    expect(problems).toEqual([]);
    expect(createMatcher('list', bindings).commandOf('c: ')).toBe('pageDown');
    expect(createMatcher('list', bindings).commandOf('^f')).toBeUndefined();
    expect(createMatcher('filter', bindings).commandOf('s:pageDown')).toBe('pageDown');
    expect(createMatcher('filter', bindings).commandOf('^f')).toBe('charForward');
  });

  it('reports another action given Ctrl-b as a clash with pageUp, both keeping their defaults', () => {
    const { bindings, problems } = buildKeymap({ keys: { halfPageUp: 'ctrl-b' } }, place);
    expect(problems).toEqual(['"ctrl-b" is bound to both pageUp and halfPageUp in context list; pageUp keeps its default keys and halfPageUp keeps its default keys (config.json:keys.halfPageUp).']);
    expect(createMatcher('list', bindings).commandOf('^b')).toBe('pageUp');
    expect(createMatcher('list', bindings).commandOf('^u')).toBe('halfPageUp');
  });

  it('frees Ctrl-f for another action once pageDown is given other keys', () => {
    const { bindings, problems } = buildKeymap({ keys: { pageDown: 'pgdn', halfPageDown: 'ctrl-f' } }, place);
    expect(problems).toEqual([]);
    expect(createMatcher('list', bindings).commandOf('^f')).toBe('halfPageDown');
    expect(createMatcher('filter', bindings).commandOf('^f')).toBe('charForward');
  });
});
