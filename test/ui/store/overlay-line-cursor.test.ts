/**
 * The help and the last error for a screen reader: `g` goes back to the first line of text, where
 * they open (not the title, which only `k` reaches); `y` with no error so far copies nothing and
 * says so.
 */
import { describe, expect, it } from 'vitest';
import type { Clipboard } from '../../../src/ui/services/clipboard.js';
import { groupsOf, settle, startStore } from './helpers.js';

describe('the line cursor of the help and the last error', () => {
  it('g in the help goes to its first line of text', async () => {
    const { store } = await startStore({ groups: groupsOf(5) }, { lineCursor: true });
    store.command('help');
    expect(store.getSnapshot().helpLine ?? 1).toBe(1);
    store.command('moveDown');
    store.command('moveDown');
    expect(store.getSnapshot().helpLine).toBeGreaterThan(1);
    store.command('top');
    expect(store.getSnapshot().helpLine).toBe(1);
    store.command('moveUp');
    expect(store.getSnapshot().helpLine).toBe(0); // the title, by k
    store.dispose();
  });

  it('g in the last error goes to its first line of text', async () => {
    const { store } = await startStore({ groups: groupsOf(5) }, { lineCursor: true, rows: 12 });
    store.command('showError');
    expect(store.getSnapshot().overlay).toBe('error');
    store.command('moveUp');
    expect(store.getSnapshot().errorLine).toBe(0);
    store.command('top');
    expect(store.getSnapshot().errorLine).toBe(1);
    store.dispose();
  });
});

describe('y in the last error', () => {
  it('with no error so far copies nothing and warns', async () => {
    const copied: string[] = [];
    const clipboard: Clipboard = { copy: async (text) => { copied.push(text); return { method: 'OSC 52' }; } };
    const { store } = await startStore({ groups: groupsOf(5) }, { clipboard });
    store.command('showError');
    store.command('copyError');
    await settle();
    expect(copied).toEqual([]);
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning' });
    expect(store.getSnapshot().toast?.text).toMatch(/nothing to copy/i);
    store.dispose();
  });
});
