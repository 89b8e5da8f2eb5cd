/** routeKey: each context's keys reach the store as the table says, one command per key, in order. */
import { describe, expect, it } from 'vitest';
import type { Key } from 'ink';
import type { Command } from '../../../src/ui/keys/index.js';
import { keyContext, routeKey, type KeyboardTarget } from '../../../src/ui/screens/route-keys.js';
import type { AppSnapshot } from '../../../src/ui/store/app-store.js';

const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false,
  pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false,
  shift: false, tab: false, backspace: false, delete: false, meta: false, super: false,
  hyper: false, capsLock: false, numLock: false,
};
const key = (flags: Partial<Key>): Key => ({ ...NO_KEY, ...flags });

type Screen = Pick<AppSnapshot, 'overlay' | 'input'>;

/** A store stand-in that records what keys asked for; `filter` and `help` change the screen as the store does. */
function fakeTarget(screen: Screen) {
  const calls: string[] = [];
  let snap = { ...screen } as unknown as AppSnapshot;
  const target: KeyboardTarget = {
    getSnapshot: () => snap,
    command: (command: Command) => {
      calls.push(command);
      if (command === 'filter' && !snap.input && snap.overlay === null) snap = { ...snap, input: { kind: 'filter' } } as AppSnapshot;
      if (command === 'help') snap = { ...snap, overlay: snap.overlay === 'help' ? null : 'help' } as AppSnapshot;
    },
    setInputText: (value) => calls.push(`text:${value}`),
    submitInput: () => calls.push('submitInput'),
    answerOverwrite: (yes) => calls.push(`overwrite:${yes}`),
    loadAll: () => calls.push('loadAll'),
  };
  const press = (input: string, flags: Partial<Key> = {}) => routeKey(target, input, key(flags), () => calls.push('suspend'));
  return { calls, press };
}

const LIST: Screen = { overlay: null, input: null };
const FILTER = { overlay: null, input: { kind: 'filter' } } as unknown as Screen;
const EXPORT = { overlay: null, input: { kind: 'export', stage: 'path', text: 'x.ndjson' } } as unknown as Screen;
const OVERWRITE = { overlay: null, input: { kind: 'export', stage: 'confirm', text: 'x.ndjson' } } as unknown as Screen;

describe('keyContext', () => {
  it('names the context that has the keys', () => {
    const ctx = (screen: object) => keyContext(screen as AppSnapshot);
    expect(ctx(LIST)).toBe('list');
    expect(ctx({ overlay: 'detail' })).toBe('detail');
    expect(ctx({ overlay: 'help' })).toBe('help');
    expect(ctx({ overlay: 'login' })).toBeUndefined();
    expect(ctx(FILTER)).toBe('filter');
    expect(ctx(EXPORT)).toBe('export');
    expect(ctx(OVERWRITE)).toBe('overwrite');
  });
});

describe('routeKey on the list', () => {
  it('sends each key of a read as its command, in order; Tab loads the rest, Ctrl-Z suspends', () => {
    const { calls, press } = fakeTarget(LIST);
    press('jjk\r');
    press('', { tab: true });
    press('z', { ctrl: true });
    press('c', { ctrl: true });
    expect(calls).toEqual(['moveDown', 'moveDown', 'moveUp', 'open', 'loadAll', 'suspend', 'quit']);
  });

  it('takes what follows / in the same read as the query', () => {
    const { calls, press } = fakeTarget(LIST);
    press('j/abc');
    expect(calls).toEqual(['moveDown', 'filter', 'text:abc']);
  });

  it('reads the context again after each key: ? then s in one read opens help and ignores s there; q closes help', () => {
    const { calls, press } = fakeTarget(LIST);
    press('?sq');
    expect(calls).toEqual(['help', 'closeHelp']);
  });
});

describe('routeKey in the help overlay', () => {
  it('acts only on the keys help binds', () => {
    const { calls, press } = fakeTarget({ overlay: 'help', input: null } as const);
    press('sd/');
    press('', { tab: true });
    press('', { escape: true });
    expect(calls).toEqual(['loadAll', 'back']);
  });

  it('scrolls on j/k and PgUp/PgDn, closes on Enter and q, quits on Ctrl-c', () => {
    const { calls, press } = fakeTarget({ overlay: 'help', input: null } as const);
    press('jk');
    press('', { pageDown: true });
    press('', { pageUp: true });
    press('\r');
    press('q');
    press('c', { ctrl: true });
    expect(calls).toEqual(['moveDown', 'moveUp', 'pageDown', 'pageUp', 'closeHelp', 'closeHelp', 'quit']);
  });
});

describe('routeKey in the filter bar', () => {
  it('leaves typed text, Backspace and a pasted Enter to the field', () => {
    const { calls, press } = fakeTarget(FILTER);
    press('jq/');
    press('abc\r');
    press('', { backspace: true });
    press('', { delete: true });
    expect(calls).toEqual([]);
  });

  it('maps Esc (and Alt+x) to back, Enter to submit, Tab, arrows and Ctrl keys', () => {
    const { calls, press } = fakeTarget(FILTER);
    press('', { escape: true });
    press('x', { meta: true });
    press('', { return: true });
    press('', { tab: true });
    press('', { downArrow: true });
    press('', { upArrow: true });
    press('', { pageDown: true });
    press('', { pageUp: true });
    press('z', { ctrl: true });
    press('c', { ctrl: true });
    expect(calls).toEqual(['back', 'back', 'submitInput', 'loadAll', 'moveDown', 'moveUp', 'pageDown', 'pageUp', 'suspend', 'quit']);
  });
});

describe('routeKey in the export prompt', () => {
  it('writes on Enter, cancels on Esc, and leaves arrows alone', () => {
    const { calls, press } = fakeTarget(EXPORT);
    press('', { downArrow: true });
    press('out.ndjson');
    press('', { return: true });
    press('', { escape: true });
    expect(calls).toEqual(['submitInput', 'back']);
  });

  it('answers the overwrite question: y or Y is yes, any other single key no, Ctrl-C quits', () => {
    const answers = (input: string, flags: Partial<Key> = {}) => {
      const { calls, press } = fakeTarget(OVERWRITE);
      press(input, flags);
      return calls;
    };
    expect(answers('y')).toEqual(['overwrite:true']);
    expect(answers('Y', { shift: true })).toEqual(['overwrite:true']);
    expect(answers('n')).toEqual(['overwrite:false']);
    expect(answers('q')).toEqual(['overwrite:false']);
    expect(answers('yy')).toEqual(['overwrite:false']);
    expect(answers('', { escape: true })).toEqual(['overwrite:false']);
    expect(answers('', { return: true })).toEqual(['overwrite:false']);
    expect(answers('c', { ctrl: true })).toEqual(['quit']);
    expect(answers('z', { ctrl: true })).toEqual(['suspend']);
  });
});

describe('routeKey while the login form is open', () => {
  it('leaves every key to the form', () => {
    const { calls, press } = fakeTarget({ overlay: 'login', input: null } as const);
    press('q');
    press('c', { ctrl: true });
    press('', { tab: true });
    expect(calls).toEqual([]);
  });
});
