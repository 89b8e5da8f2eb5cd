/**
 * A bidi control or an invisible character typed (not bracket-pasted) into a prompt is never
 * echoed to the terminal, and what the prompt shows is what it uses: the filter, the jump, the view
 * name, the export path and the key form, each typed as reads of their own around the character.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Exporter } from '../../../src/ui/services/export.js';
import { renderApp, type RenderedApp } from '../../helpers/render-app.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

/** Right-to-left override, right-to-left mark, zero-width space, byte order mark, left-to-right isolate. */
const HIDDEN = ['\u202e', '\u200f', '\u200b', '\ufeff', '\u2066'];
const HIDDEN_ANY = /[\u202e\u200f\u200b\ufeff\u2066]/u;

const exporter: Exporter = { display: (path) => path, exists: async () => false, write: async () => undefined };

async function listed(): Promise<RenderedApp> {
  const a = (app = await renderApp({ columns: 120, rows: 30, exporter }));
  await a.waitFor('row 1');
  return a;
}

/** Types x, each hidden character, y and z, each as a read of its own (as a terminal sends typed keys). */
async function typeAround(a: RenderedApp): Promise<void> {
  await a.press('x');
  for (const ch of HIDDEN) await a.press(ch);
  await a.press('y');
  await a.press('z');
}

const promptLine = (frame: string, sigil: string): string => frame.split('\n').find((line) => line.startsWith(sigil)) ?? '';

describe('hidden characters typed into a prompt', () => {
  it('the filter: neither shown nor filtered by', async () => {
    const a = await listed();
    await a.press('/');
    await a.waitFor('/ ');
    await typeAround(a);
    expect(promptLine(a.frame(), '/ ')).toMatch(/^\/ xyz/);
    expect(a.frame()).not.toMatch(HIDDEN_ANY);
    expect(a.store.getSnapshot().list.query).toBe('xyz');
  });

  it('the filter opened with text in the same read (typed ahead): the same', async () => {
    const a = await listed();
    await a.press('/x\u202ey\u200fz');
    await a.waitFor('/ xyz');
    expect(a.frame()).not.toMatch(HIDDEN_ANY);
    expect(a.store.getSnapshot().list.query).toBe('xyz');
  });

  it('the jump: neither shown nor looked for', async () => {
    const a = await listed();
    await a.press(':');
    await a.waitFor(': ');
    await typeAround(a);
    expect(promptLine(a.frame(), ': ')).toMatch(/^: xyz/);
    expect(a.frame()).not.toMatch(HIDDEN_ANY);
    expect(a.store.getSnapshot().input).toMatchObject({ kind: 'jump', text: 'xyz' });
  });

  it('the view name: not shown, even as the last character typed', async () => {
    const a = await listed();
    await a.press('V');
    await a.waitFor('view name:');
    await a.press('a');
    await a.press('b');
    await a.press('\u202e');
    expect(a.frame()).not.toMatch(HIDDEN_ANY);
    expect(promptLine(a.frame(), 'view name:')).toMatch(/^view name: ab/);
    expect(a.store.getSnapshot().input).toMatchObject({ kind: 'viewName', text: 'ab' });
  });

  it('the export path: neither shown nor written to', async () => {
    const a = await listed();
    await a.press('e');
    await a.waitFor('Export');
    await a.press('\u0015');
    await typeAround(a);
    expect(a.frame()).not.toMatch(HIDDEN_ANY);
    expect(a.store.getSnapshot().input).toMatchObject({ kind: 'export', text: 'xyz' });
  });

  it('the key form: a hidden character alone is no key typed', async () => {
    const a = await listed();
    await a.press('L');
    await a.waitFor('Key:');
    for (const ch of HIDDEN) await a.press(ch);
    expect(a.frame()).not.toContain('•');
    await a.press('k');
    await a.waitFor('••••••••');
  });
});
