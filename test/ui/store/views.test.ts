import { describe, expect, it } from 'vitest';
import type { SavedView } from '../../../src/auth/config-views.js';
import { groupsOf, settle, shownIds, startStore } from './helpers.js';

describe('saved views in the store', () => {
  it('V saves the query, sort and status; v picks a view back', async () => {
    const saved: [string, SavedView][] = [];
    const { store } = await startStore({ groups: groupsOf(30) }, { views: { known: {}, save: (name, view) => (saved.push([name, view]), '/cfg/config.json') } });
    store.command('statusDraft');
    store.command('filter');
    store.setInputText('"Group 1"');
    store.submitInput();
    store.command('sort');
    store.command('reverseSort');
    store.command('saveView');
    expect(store.getSnapshot().input).toEqual({ kind: 'viewName', text: '' });
    store.setInputText('ones');
    store.submitInput();
    expect(saved).toEqual([['ones', { screen: 'groups', query: '"Group 1"', sort: '-name', status: 'draft' }]]);
    expect(store.getSnapshot().toast?.text).toBe('View "ones" saved in /cfg/config.json (v picks it).');
    const rows = shownIds(store);

    store.command('back'); // clears the filter
    store.command('statusAll');
    expect(shownIds(store)).toHaveLength(30);
    store.command('pickView');
    expect(store.getSnapshot().viewPicker?.names).toEqual(['ones']);
    store.submitInput();
    expect(store.getSnapshot().viewPicker).toBeUndefined();
    expect(shownIds(store)).toEqual(rows);
    expect(store.getSnapshot().list.sort).toBe('name');
    expect(store.getSnapshot().list.reversed).toBe(true);
  });

  it('keeps the view for the session when the file cannot be written, and says so', async () => {
    const { store } = await startStore({ groups: groupsOf(5) }, { views: { known: {}, save: () => { throw new Error('could not write /cfg/config.json (ENOSPC)'); } } });
    store.command('saveView');
    store.setInputText('mine');
    store.submitInput();
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'error', text: 'View "mine" saved for this session only: could not write /cfg/config.json (ENOSPC).' });
    store.command('pickView');
    expect(store.getSnapshot().viewPicker?.names).toEqual(['mine']);
  });

  it('starts with a groups view applied, lists only this screen\'s views, and says when there are none', async () => {
    const known: Record<string, SavedView> = { odd: { screen: 'groups', query: 'group 1' }, p: { screen: 'pages', query: 'x' } };
    const { store } = await startStore({ groups: groupsOf(12) }, { views: { known, start: known.odd } });
    await settle();
    expect(shownIds(store)).toEqual(['g-1', 'g-10', 'g-11', 'g-12']);
    store.command('pickView');
    expect(store.getSnapshot().viewPicker?.names).toEqual(['odd']);
    store.command('back');
    expect(store.getSnapshot().viewPicker).toBeUndefined();
    const empty = await startStore({ groups: groupsOf(2) });
    empty.store.command('pickView');
    expect(empty.store.getSnapshot().toast?.text).toContain('No saved views for page groups yet');
  });

  it('a bad name keeps the prompt open with the reason', async () => {
    const { store } = await startStore({ groups: groupsOf(2) });
    store.command('saveView');
    store.setInputText('   ');
    store.submitInput();
    expect(store.getSnapshot().input?.kind).toBe('viewName');
    expect(store.getSnapshot().toast?.text).toContain('A view needs a name');
  });

  it.each([
    ['a right-to-left override', 'drafts\u202Egnp.exe', 'draftsgnp.exe'],
    ['a left-to-right mark', 'drafts\u200E', 'drafts'],
    ['a direction isolate', '\u2067drafts\u2069', 'drafts'],
    ['a zero-width space', 'draf\u200Bts', 'drafts'],
    ['a byte order mark', '\uFEFFdrafts', 'drafts'],
  ])('a name typed or pasted with %s holds only what the prompt shows, and is saved so', async (_what, typed, shown) => {
    const saved: string[] = [];
    const { store } = await startStore({ groups: groupsOf(2) }, { views: { known: {}, save: (n) => (saved.push(n), '/cfg/config.json') } });
    store.command('saveView');
    store.setInputText(typed);
    expect(store.getSnapshot().input).toEqual({ kind: 'viewName', text: shown });
    store.submitInput();
    expect(saved).toEqual([shown]);
    expect(store.getSnapshot().toast?.text).toBe(`View "${shown}" saved in /cfg/config.json (v picks it).`);
  });

  it('a name with quotes and backslashes is said as typed, not JSON-escaped', async () => {
    const name = 'quo"te\\back\\\\slash';
    const saved: string[] = [];
    const known: Record<string, SavedView> = {};
    const { store } = await startStore({ groups: groupsOf(2) }, { views: { known, save: (n) => (saved.push(n), '/cfg/config.json') } });
    store.command('saveView');
    store.setInputText(name);
    store.submitInput();
    expect(saved).toEqual([name]);
    expect(store.getSnapshot().toast?.text).toBe(`View "${name}" saved in /cfg/config.json (v picks it).`);
    store.command('pickView');
    store.submitInput();
    expect(store.getSnapshot().toast?.text.startsWith(`View "${name}": `)).toBe(true);
  });

  it('a name of invisible characters alone is no name', async () => {
    const { store } = await startStore({ groups: groupsOf(2) });
    store.command('saveView');
    store.setInputText('\u202E\u200B');
    store.submitInput();
    expect(store.getSnapshot().input?.kind).toBe('viewName');
    expect(store.getSnapshot().toast?.text).toContain('A view needs a name');
  });

  it('a name with an emoji sequence (joiners inside it) is saved as typed', async () => {
    const saved: string[] = [];
    const { store } = await startStore({ groups: groupsOf(2) }, { views: { known: {}, save: (n) => (saved.push(n), '/cfg/config.json') } });
    store.command('saveView');
    store.setInputText('team \u{1F468}\u200D\u{1F469}\u200D\u{1F467}');
    store.submitInput();
    expect(saved).toEqual(['team \u{1F468}\u200D\u{1F469}\u200D\u{1F467}']);
  });
});
