/**
 * Every prompt and message that names a key names the key in effect: after `"keys"` moved cancel,
 * submit, pickView, saveView, export, showError, back, filter, the match steps, switchKeyStore and
 * the login keys, none of those texts still says Esc, Enter, Tab, v, V, e, E, /, n / N or y/N.
 */
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BINDINGS, setActiveBindings } from '../../../src/ui/keys/bindings.js';
import { applyKeymap, buildKeymap } from '../../../src/ui/keymap/index.js';
import { ConfirmPrompt, MaskedApiKeyField } from '../../../src/ui/login/index.js';
import { ViewPicker } from '../../../src/ui/screens/ViewPicker.js';
import { LoginScreen } from '../../../src/ui/screens/LoginScreen.js';
import { errorViewTextCached } from '../../../src/ui/store/error-view.js';
import { formatStatus } from '../../../src/ui/components/status-format.js';
import type { Exporter } from '../../../src/ui/services/export.js';
import { groupsOf, settle, startStore } from '../store/helpers.js';

const REMAP = {
  cancel: 'ctrl-g',
  cancelLogin: 'ctrl-g',
  submit: 'ctrl-o',
  pickView: 'f2',
  saveView: 'f3',
  export: 'x',
  showError: 'f8',
  back: ['f9', 'backspace'],
  filter: 'f6',
  nextMatch: 'f10',
  prevMatch: 'f11',
  switchKeyStore: 'f7',
  confirmYes: 'ctrl-y',
  confirmNo: ['f12', 'N'],
};

beforeEach(() => {
  const keymap = buildKeymap({ keys: REMAP }, () => 'config.json:1');
  expect(keymap.problems).toEqual([]);
  applyKeymap(keymap);
});
afterEach(() => setActiveBindings(BINDINGS));

/** A default key name standing alone in a sentence. */
const DEFAULT_NAMES = /\b(Esc|Enter|Tab)\b|\(v |\bV saves|press e\b|\bE shows|\/ filters|n \/ N|y\/N/;

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));
async function frameOf(element: React.JSX.Element, until: (frame: string) => boolean = () => true): Promise<string> {
  const r = render(element);
  for (let i = 0; i < 1000 && !until(r.lastFrame() ?? ''); i++) await tick();
  const frame = r.lastFrame() ?? '';
  r.unmount();
  return frame.replace(/\s+/g, ' ');
}

describe('texts that name a key, after a remap', () => {
  it('the view toasts name the picker, save and cancel keys in effect', async () => {
    const { store } = await startStore({ groups: groupsOf(3) }, { views: { known: {}, save: () => '/cfg/config.json' } });
    store.command('pickView');
    expect(store.getSnapshot().toast?.text).toBe('No saved views for page groups yet: F3 saves the current query, sort and status as one.');
    store.command('saveView');
    store.setInputText('');
    store.submitInput();
    expect(store.getSnapshot().toast?.text).toMatch(/: type one, or Ctrl-g to cancel\.$/);
    store.setInputText('mine');
    store.submitInput();
    expect(store.getSnapshot().toast?.text).toBe('View "mine" saved in /cfg/config.json (F2 picks it).');
  });

  it('the export toasts name the cancel and export keys in effect', async () => {
    const exporter: Exporter = { display: (path) => path, exists: () => Promise.resolve(false), write: () => Promise.reject(Object.assign(new Error('denied'), { code: 'EACCES' })) };
    const { store } = await startStore({ groups: groupsOf(3) }, { exporter });
    store.command('export');
    store.setInputText('  ');
    store.submitInput();
    expect(store.getSnapshot().toast?.text).toBe('Type a file name, or press Ctrl-g.');
    store.setInputText('/x/out.ndjson');
    store.submitInput();
    await settle();
    // The way out of a failure (here: try a path in the home folder) names the remapped key.
    expect(store.getSnapshot().toast?.hint).toMatch(/^press x /);
  });

  it('the last error, the match steps and a cut error line name the keys in effect', async () => {
    const text = errorViewTextCached({ at: Date.now(), said: { tone: 'error', text: 'Something failed' } } as never, undefined, false);
    expect(text.at(-1)).toBe('Next: F9 closes this.');
    const { store } = await startStore({ groups: groupsOf(3) });
    store.command('nextMatch');
    expect(store.getSnapshot().toast?.text).toBe('No filter query yet: F6 filters, then F10 / F11 step through its matches.');
    const line = formatStatus({ tone: 'error', code: 'BAD_REQUEST', reason: 'one of the fields was not accepted by the server at all', text: 'The request was refused', detail: 'x'.repeat(200) } as never, undefined, 60).join('\n');
    expect(line).toContain('F8 shows all');
  });

  it('the view picker, the key form, the login field and the yes/no question say the keys in effect', async () => {
    const picker = await frameOf(<ViewPicker picker={{ names: ['a'], views: [{ screen: 'groups', query: 'x' }], selected: 0 }} width={80} height={5} />);
    expect(picker).toContain('Saved views (1): Ctrl-o applies, Ctrl-g closes');
    const form = await frameOf(<LoginScreen origin="https://pages.example.com" width={98} height={20} onSubmit={() => {}} onCancel={() => {}} onQuit={() => {}} keyStorage={{ filePath: '/x/credentials', keychainProblem: async () => undefined, save: async () => 'saved' }} />, (f) => f.includes('F7'));
    expect(form).toContain('F7 changes where.');
    expect(form).toContain('Ctrl-o to use it, Ctrl-g to cancel.');
    const field = await frameOf(<MaskedApiKeyField origin="https://pages.example.com" destination="the system keychain" onSubmit={() => {}} onCancel={() => {}} />);
    expect(field).toContain('Ctrl-o to continue, Ctrl-g to cancel.');
    const question = await frameOf(<ConfirmPrompt reason="No keychain." question="Save it in a file?" onAnswer={() => {}} />);
    expect(question).toContain('Save it in a file? (Ctrl-y/F12)');
    for (const frame of [picker, form, field, question]) expect(frame).not.toMatch(DEFAULT_NAMES);
  });
});
