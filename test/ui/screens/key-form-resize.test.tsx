/** The key form keeps what was typed when the terminal passes through "too small" and back. */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { renderApp, type RenderedApp } from '../../helpers/render-app.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

async function resize(a: RenderedApp, columns: number, rows: number): Promise<void> {
  a.stdout.columns = columns;
  a.stdout.rows = rows;
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => {
    a.stdout.emit('resize');
    a.store.setTerminalSize(columns, rows);
  });
}

describe('the key form through a too-small terminal', () => {
  it('keeps the draft: the field still holds the key typed before', async () => {
    const a = (app = await renderApp({ columns: 100, rows: 30 }));
    await a.waitFor('row 1');
    await a.press('L');
    await a.waitFor('Key:');
    await a.press('k-draft-typed-before');
    await a.waitFor('••••••••');
    await resize(a, 10, 3);
    await a.waitFor((frame) => !frame.includes('Key:'));
    await resize(a, 100, 30);
    await a.waitFor('Key:');
    expect(a.frame()).toContain('••••••••');
    expect(a.frame()).not.toContain('k-draft');
  });

  it('forgets the draft once the form is closed: opened again, the field is empty', async () => {
    const a = (app = await renderApp({ columns: 100, rows: 30 }));
    await a.waitFor('row 1');
    await a.press('L');
    await a.waitFor('Key:');
    await a.press('k-draft');
    await a.waitFor('••••••••');
    await a.press('\u001b');
    await a.waitFor((frame) => !frame.includes('Key:'));
    await a.press('L');
    await a.waitFor('Key:');
    expect(a.frame()).not.toContain('••••••••');
  });
});
