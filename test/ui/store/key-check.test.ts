/** The `L` form's key check in the store: one request decides, and a rejected key changes nothing. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/http/errors.js';
import type { ListPage } from '../../../src/api/index.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import type { ApiKeyVerdict } from '../../../src/ui/store/store-types.js';
import { groupsOf, settle, startStore } from './helpers.js';

function checker(result: ApiKeyVerdict) {
  const checked: string[] = [];
  return { checked, checkKey: (key: string) => { checked.push(key); return Promise.resolve(result); } };
}

describe('a key typed into the L form', () => {
  it('rejected: the form stays open and says so (its field emptied); the old key and rows stay, nothing is reloaded', async () => {
    const keys: string[] = [];
    const check = checker({ kind: 'rejected', status: 401 });
    const { store, calls } = await startStore({ groups: groupsOf(5) }, { checkKey: check.checkKey, onApiKey: (k) => keys.push(k) });
    const before = calls.length;
    store.command('login');
    store.submitApiKey('wrong');
    expect(store.getSnapshot().keyForm).toEqual({ checking: true, cleared: 0 });
    await settle();
    expect(check.checked).toEqual(['wrong']);
    expect(keys).toEqual([]);
    expect(store.getSnapshot().overlay).toBe('login');
    expect(store.getSnapshot().keyForm).toEqual({ checking: false, cleared: 1, message: 'Key rejected (401) — try again, or Esc to cancel.' });
    store.submitApiKey('wrong again');
    await settle();
    expect(store.getSnapshot().keyForm?.cleared).toBe(2);
    store.closeLogin();
    expect(store.getSnapshot().overlay).toBe(null);
    expect(store.getSnapshot().visible.items).toHaveLength(5);
    expect(calls.length).toBe(before);
    store.dispose();
  });

  it('Esc while the key is checked: the verdict that comes after is ignored', async () => {
    const keys: string[] = [];
    let answer: (v: ApiKeyVerdict) => void = () => undefined;
    const checkKey = () => new Promise<ApiKeyVerdict>((resolve) => (answer = resolve));
    const { store } = await startStore({ groups: groupsOf(5) }, { checkKey, onApiKey: (k) => keys.push(k) });
    store.command('login');
    store.submitApiKey('late');
    store.closeLogin();
    answer({ kind: 'ok' });
    await settle();
    expect(keys).toEqual([]);
    expect(store.getSnapshot().toast?.text).not.toBe('Key accepted');
    store.dispose();
  });

  it('accepted: the key is used, the status bar says so, and the rows reload once', async () => {
    const keys: string[] = [];
    const check = checker({ kind: 'ok' });
    const { store, calls } = await startStore({ groups: groupsOf(5) }, { checkKey: check.checkKey, onApiKey: (k) => keys.push(k) });
    const before = calls.length;
    store.command('login');
    store.submitApiKey('right');
    await settle();
    expect(keys).toEqual(['right']);
    expect(store.getSnapshot().toast?.text).toBe('Key accepted');
    expect(calls.slice(before)).toEqual([{ listing: 'groups', cursor: undefined }]);
    expect(store.getSnapshot().visible.items).toHaveLength(5);
    store.dispose();
  });

  it('no answer about the key: it is used for the session, with the reason', async () => {
    const keys: string[] = [];
    const check = checker({ kind: 'unverified', message: 'The key could not be checked: timeout' });
    const { store } = await startStore({ groups: groupsOf(5) }, { checkKey: check.checkKey, onApiKey: (k) => keys.push(k) });
    store.submitApiKey('maybe');
    await settle();
    expect(keys).toEqual(['maybe']);
    expect(store.getSnapshot().toast?.text).toBe('The key could not be checked: timeout; the key is used for this session.');
    store.dispose();
  });
});

describe('a key the server could not check (503)', () => {
  it('the status bar keeps saying so once the list loads with it, and the key stays for the session only', async () => {
    let key = '';
    const saved: string[] = [];
    const client = {
      listPageGroups: (): Promise<ListPage> =>
        key === ''
          ? Promise.reject(new ApiError('auth', 'NO_API_KEY', 'No API key', { status: 401 }))
          : Promise.resolve({ items: groupsOf(3), hasMore: false, warnings: [] }),
      listPages: (): Promise<ListPage> => Promise.resolve({ items: [], hasMore: false, warnings: [] }),
    };
    const store = new AppStore({
      client,
      columns: 80,
      rows: 24,
      onApiKey: (k) => (key = k),
      onApiKeyWorked: (k, where) => {
        saved.push(`${k} ${where}`);
        return Promise.resolve(where === 'session' ? 'Key kept for this session only' : 'Key saved in the OS keychain');
      },
      checkKey: () => Promise.resolve({ kind: 'unverified', message: 'The key could not be checked: HTTP 503 Service Unavailable' }),
    });
    store.start();
    await settle();
    store.submitApiKey('maybe', 'keychain');
    await settle();
    expect(store.getSnapshot().visible.items).toHaveLength(3);
    expect(store.getSnapshot().toast?.text).toBe('The key could not be checked: HTTP 503 Service Unavailable; the key is used for this session.');
    expect(saved).toEqual([]);
    store.dispose();
  });
});

describe('prompt history in the store', () => {
  it('remembers a kept filter and the path written to, and offers the list its own name next time', async () => {
    const written: string[] = [];
    const exporter = {
      display: (p: string) => p,
      exists: () => Promise.resolve(false),
      write: (p: string) => { written.push(p); return Promise.resolve(); },
    };
    const { store } = await startStore({ groups: groupsOf(5) }, { exporter });
    store.command('filter');
    store.setInputText('Group 1');
    store.submitInput();
    expect(store.historyOf('filter')).toEqual(['Group 1']);
    store.command('export');
    store.setInputText('/tmp/mine.ndjson');
    store.submitInput();
    store.submitInput(); // the field and the key router may both report one Enter
    await settle();
    expect(written).toEqual(['/tmp/mine.ndjson']);
    expect(store.historyOf('export')).toEqual(['/tmp/mine.ndjson']);
    store.command('export');
    const input = store.getSnapshot().input;
    expect(input?.kind === 'export' ? input.text : undefined).toBe('./page-groups.ndjson');
    store.dispose();
  });
});
