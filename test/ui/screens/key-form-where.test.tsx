/**
 * The `L` form says where the key will go at every size the app draws at, for each place Tab picks:
 * the long sentence where it fits, else a one-line form that gives way to nothing else of the form.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type RenderedApp } from '../../helpers/render-app.js';
import { createKeyStorage, type KeyDestination, type KeyStorage } from '../../../src/ui/login/key-storage.js';

const FILE = '/home/alexandra.konstantinopoulou/.config/pagetui/credentials.json';
const NO_KEYCHAIN = 'No keychain is reachable: there is no D-Bus session (common over SSH).';

function storage(keychain: boolean): KeyStorage {
  return createKeyStorage({
    filePath: FILE,
    probe: () => Promise.resolve(keychain ? undefined : NO_KEYCHAIN),
    save: () => Promise.resolve('saved'),
  });
}

/** The frame's text with its line breaks and padding as single spaces (the form wraps its sentences). */
const flat = (frame: string): string => frame.replace(/\s+/g, ' ');

/** Whether the frame says the key goes to `where`, and names no other place. */
function says(where: KeyDestination): (frame: string) => boolean {
  return (frame) => {
    const text = flat(frame);
    const named = { session: text.includes('this session'), file: text.includes('(plaintext)'), keychain: /\bOS keychain\b/.test(text) };
    return named[where] && Object.entries(named).every(([place, shown]) => place === where || !shown);
  };
}

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

async function openForm(columns: number, rows: number, keychain: boolean, screenReader = false): Promise<RenderedApp> {
  const a = (app = await renderApp({ columns, rows, keyStorage: storage(keychain), screenReader }));
  await a.waitFor(screenReader ? 'all 36 loaded' : 'row 1');
  await a.press('L');
  await a.waitFor('Key:');
  await a.press('a-key-typed');
  await a.waitFor('••••••••');
  // A few renders: the keychain's answer is in before Tab is pressed.
  let renders = 0;
  await a.waitFor(() => ++renders > 3);
  return a;
}

const SIZES = [
  [40, 10],
  [40, 12],
  [80, 24],
] as const;

describe('the key form names where the key goes', () => {
  for (const [columns, rows] of SIZES) {
    it(`at ${columns}x${rows} without a keychain: this session, Tab: the file (plaintext), Tab: this session`, async () => {
      const a = await openForm(columns, rows, false);
      await a.waitFor(says('session'));
      await a.press('\t');
      await a.waitFor(says('file'));
      await a.press('\t');
      await a.waitFor(says('session'));
    });

    it(`at ${columns}x${rows} with a keychain: the keychain, Tab: this session, Tab: the file (plaintext)`, async () => {
      const a = await openForm(columns, rows, true);
      await a.waitFor(says('keychain'));
      await a.press('\t');
      await a.waitFor(says('session'));
      await a.press('\t');
      await a.waitFor(says('file'));
    });
  }

  it('at 80x24, the whole sentence: the 0600 file and its path', async () => {
    const a = await openForm(80, 24, false);
    await a.press('\t');
    const frame = await a.waitFor(says('file'));
    expect(flat(frame)).toContain(`once it works, the key is saved in the 0600 file at ${FILE} (plaintext)`);
  });

  it('at 40x10 in screen-reader mode, in words: no arrow glyph', async () => {
    const a = await openForm(40, 10, false, true);
    await a.press('\t');
    const frame = await a.waitFor(says('file'));
    expect(frame).not.toMatch(/[→>]/);
    expect(flat(frame)).toMatch(/Key goes to the file \(plaintext\)/);
  });
});
