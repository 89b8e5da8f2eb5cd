/** routeKeys: each context's keys reach the store as the table says, one command per key, in order. */
import { describe, expect, it } from 'vitest';
import type { Command } from '../../../src/ui/keys/index.js';
import { focusOf } from '../../../src/ui/keys/index.js';
import { routeInput, type KeyboardTarget } from '../../../src/ui/screens/route-keys.js';
import type { AppSnapshot } from '../../../src/ui/store/app-store.js';


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
  const press = (input: string) => routeInput(target, input, () => calls.push('suspend'));
  return { calls, press };
}

const LIST: Screen = { overlay: null, input: null };
const FILTER = { overlay: null, input: { kind: 'filter' } } as unknown as Screen;
const EXPORT = { overlay: null, input: { kind: 'export', stage: 'path', text: 'x.ndjson' } } as unknown as Screen;
const OVERWRITE = { overlay: null, input: { kind: 'export', stage: 'confirm', text: 'x.ndjson' } } as unknown as Screen;

describe('focusOf', () => {
  it('names the context that has the keys', () => {
    const ctx = (screen: object) => focusOf(screen as AppSnapshot);
    expect(ctx(LIST)).toBe('list');
    expect(ctx({ overlay: 'detail' })).toBe('detail');
    expect(ctx({ overlay: 'help' })).toBe('help');
    expect(ctx({ overlay: 'login' })).toBe('keyEntry');
    expect(ctx({ overlay: 'inspector', inspector: { view: 'exchange' } })).toBe('exchange');
    expect(ctx(FILTER)).toBe('filter');
    expect(ctx(EXPORT)).toBe('export');
    expect(ctx(OVERWRITE)).toBe('overwrite');
  });
});

describe('routeKeys on the list', () => {
  it('sends each key of a read as its command, in order; Tab loads the rest, Ctrl-Z suspends', () => {
    const { calls, press } = fakeTarget(LIST);
    press('jjk\r');
    press('\t');
    press('\u001a');
    press('\u0003');
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

describe('routeKeys in the help overlay', () => {
  it('acts only on the keys help binds', () => {
    const { calls, press } = fakeTarget({ overlay: 'help', input: null } as const);
    press('sd/');
    press('\t');
    press('\u001b');
    expect(calls).toEqual(['loadAll', 'back']);
  });

  it('scrolls on j/k and PgUp/PgDn, closes on Enter and q, quits on Ctrl-c', () => {
    const { calls, press } = fakeTarget({ overlay: 'help', input: null } as const);
    press('jk');
    press('\u001b[6~');
    press('\u001b[5~');
    press('\r');
    press('q');
    press('\u0003');
    expect(calls).toEqual(['moveDown', 'moveUp', 'pageDown', 'pageUp', 'closeHelp', 'closeHelp', 'quit']);
  });
});

describe('routeKeys in the filter bar', () => {
  it('leaves typed text, Backspace and a pasted Enter to the field', () => {
    const { calls, press } = fakeTarget(FILTER);
    press('jq/');
    press('abc\r');
    press('\b');
    press('\u007f');
    expect(calls).toEqual([]);
  });

  it('maps Esc (and Alt+x) to back, Enter to submit, Tab, arrows and Ctrl keys', () => {
    const { calls, press } = fakeTarget(FILTER);
    press('\u001b');
    press('\u001bx');
    press('\r');
    press('\t');
    press('\u001b[B');
    press('\u001b[A');
    press('\u001b[6~');
    press('\u001b[5~');
    press('\u001a');
    press('\u0003');
    expect(calls).toEqual(['back', 'back', 'submitInput', 'loadAll', 'moveDown', 'moveUp', 'pageDown', 'pageUp', 'suspend', 'quit']);
  });
});

describe('routeKeys in the export prompt', () => {
  it('writes on Enter, cancels on Esc, and leaves arrows alone', () => {
    const { calls, press } = fakeTarget(EXPORT);
    press('\u001b[B');
    press('out.ndjson');
    press('\r');
    press('\u001b');
    expect(calls).toEqual(['submitInput', 'back']);
  });

  it('answers the overwrite question: y or Y is yes, any other single key no, Ctrl-C quits', () => {
    const answers = (input: string) => {
      const { calls, press } = fakeTarget(OVERWRITE);
      press(input);
      return calls;
    };
    expect(answers('y')).toEqual(['overwrite:true']);
    expect(answers('Y')).toEqual(['overwrite:true']);
    expect(answers('n')).toEqual(['overwrite:false']);
    expect(answers('q')).toEqual(['overwrite:false']);
    expect(answers('yy')).toEqual(['overwrite:false']);
    expect(answers('\u001b')).toEqual(['overwrite:false']);
    expect(answers('\r')).toEqual(['overwrite:false']);
    expect(answers('\u0003')).toEqual(['quit']);
    expect(answers('\u001a')).toEqual(['suspend']);
  });
});

describe('routeKeys while the login form is open', () => {
  it('leaves every key to the form', () => {
    const { calls, press } = fakeTarget({ overlay: 'login', input: null } as const);
    press('q');
    press('\u0003');
    press('\t');
    expect(calls).toEqual([]);
  });
});
